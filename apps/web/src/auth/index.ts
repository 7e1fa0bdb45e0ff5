/** Sign-in for the customer and agent portals over amazon-cognito-identity-js. */
export {
  authStore,
  createAuthStore,
  useAuth,
  type AuthContextValue,
  type PortalState,
} from './authStore.ts';
export { RequireAuth } from './RequireAuth.tsx';
export { SignOutButton } from './SignOutButton.tsx';
export { authRoutes } from './routes.tsx';
export { PortalAuth, portalAuth, isSessionExpired, sessionExpiresAt } from './session.ts';
export {
  normalizeUsername,
  PORTAL_PATHS,
  portalOfPath,
  remembersSignIn,
  safeReturnPath,
  type Portal,
} from './pools.ts';
