import type { EmbeddedWindow } from '../../../apps/web/src/platform/frame/parentOrigin.ts';

export { parentOriginOf } from '../../../apps/web/src/platform/index.ts';

/** A mutable embedded window for the tests. */
export type EmbeddedWindowForTest = { -readonly [K in keyof EmbeddedWindow]: EmbeddedWindow[K] };
