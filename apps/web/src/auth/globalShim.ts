// amazon-cognito-identity-js (through isomorphic-unfetch) assigns `global.fetch`; browsers have
// no `global`. Imported before the library so the unchanged library runs in the browser.
const scope = globalThis as typeof globalThis & { global?: typeof globalThis };
scope.global ??= globalThis;

/** Marker export so the shim is an ES module with a name to import. */
export const globalShimInstalled = true;
