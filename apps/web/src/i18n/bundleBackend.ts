import type { BackendModule, ReadCallback, ResourceKey } from 'i18next';
import ky from 'ky';

/** How long one bundle request may take before it counts as failed (ky then tries again). */
const BUNDLE_TIMEOUT_MS = 10_000;

const isBundle = (value: unknown): value is ResourceKey =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * i18next's backend over ky: a namespace's bundle is one GET of `pathOf(namespace)` (the same
 * request the route's HTML preloads; ky tries a failed one twice more). An answer that is not a
 * JSON object counts as failed, and i18next shows the keys' fallbacks instead of broken texts.
 */
export function bundleBackend(pathOf: (namespace: string) => string): BackendModule {
  return {
    type: 'backend',
    init: () => undefined,
    read(_language: string, namespace: string, callback: ReadCallback) {
      // The page's address resolves the path (a Request outside a browser takes no relative URL);
      // anything that throws, even before the request, reaches the callback.
      Promise.resolve()
        .then(() =>
          ky
            .get(new URL(pathOf(namespace), window.location.href), {
              timeout: BUNDLE_TIMEOUT_MS,
              retry: 2,
            })
            .json<unknown>(),
        )
        .then(
          (bundle) => {
            if (isBundle(bundle)) callback(null, bundle);
            else callback(new Error(`The texts of "${namespace}" are not a JSON object`), false);
          },
          (error: unknown) =>
            callback(error instanceof Error ? error : new Error(String(error)), false),
        );
    },
  };
}
