/** The finders (bike makers, places, streets, catalogues) over apps/server/data and definitions/catalogues. */
export { foldText, search, slugOf, type FinderItem, type Postleitzahl } from './data.ts';
export { registerFinderRoutes } from './routes.ts';
export { CATALOGUES_DIR, catalogues } from './catalogues.ts';
