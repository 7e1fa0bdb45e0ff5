/** The finders (catalogues, places, streets) over definitions/catalogues and apps/server/data. */
export { foldText, search, slugOf, type FinderItem, type Postleitzahl } from './data.ts';
export { registerFinderRoutes } from './routes.ts';
export { CATALOGUES_DIR, catalogues } from './catalogues.ts';
