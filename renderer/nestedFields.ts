import type { createRegistry } from './registry.ts';

let create: typeof createRegistry | undefined;
let loading: Promise<void> | undefined;

/**
 * Loads rjsf's fields (nested objects, lists of items with add and remove), which only a few steps
 * need: the wizard waits for them before such a step shows. One load per page; a failed one is
 * tried again on the next call.
 */
export function loadNestedFields(): Promise<void> {
  loading ??= import('./registry.ts').then(
    (module) => {
      create = module.createRegistry;
    },
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** rjsf's registry maker once {@link loadNestedFields} has brought it. */
export function nestedRegistryMaker(): typeof createRegistry | undefined {
  return create;
}
