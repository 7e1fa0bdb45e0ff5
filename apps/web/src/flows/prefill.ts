import type { WizardDefinition } from '#engine';
import type { FrameChild } from '../platform/index.ts';

/** How long the app waits for the embedding parent's prefill before it starts without it. */
export const PARENT_PREFILL_TIMEOUT_MS = 2000;

/**
 * The prefill values for a flow: the spec's prefillable fields its definition declares, from the
 * URL query (?insuranceSum=1500) and, inside a partner page, from the parent's
 * embedding-application answer (`prefill`); the URL wins. Unknown names are ignored.
 */
export async function prefillValues(
  definition: WizardDefinition,
  search: string,
  frame: FrameChild | undefined,
): Promise<Record<string, unknown>> {
  const names = Object.keys(definition.prefill?.fields ?? {});
  if (names.length === 0) return {};
  let fromParent: Record<string, unknown> = {};
  if (frame) {
    const timeout = new Promise<undefined>((resolve) =>
      setTimeout(() => resolve(undefined), PARENT_PREFILL_TIMEOUT_MS),
    );
    const answer = await Promise.race([
      frame.send('getEmbeddingApplication', {}).catch(() => undefined),
      timeout,
    ]);
    fromParent = answer?.prefill ?? {};
  }
  const query = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const name of names) {
    const value = query.get(name) ?? fromParent[name];
    if (value !== undefined && value !== null && value !== '') values[name] = value;
  }
  return values;
}
