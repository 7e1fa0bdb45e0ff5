/** The local Cognito-compatible identity service and the bearer-token `authenticate` hook. */
export { registerIdentityRoutes, type IdentityRouteOptions } from './routes.ts';
export { bearerAuthentication } from './bearer.ts';
export { DEFAULT_POOLS, type IdentityOptions, type PoolIds } from './config.ts';
