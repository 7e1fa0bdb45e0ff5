/** The finders (bike makers, places, streets) over the data files of apps/server/data. */
export { foldText, search, slugOf, type FinderItem, type Postleitzahl } from './data.ts';
export { registerFinderRoutes } from './routes.ts';
