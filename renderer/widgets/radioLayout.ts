/** Longest option label that still allows options side by side (spec section 5). */
export const RADIO_INLINE_MAX_LABEL_LENGTH = 30;
/** Most options that may still stand side by side (spec section 5). */
export const RADIO_INLINE_MAX_OPTIONS = 4;

/** How a radio group lays out its options: side by side, or one per row. */
export type RadioLayout = 'inline' | 'stacked';

/** The spec's rule: one option per row when any label exceeds 30 characters or there are more than 4 options. */
export function radioLayout(labels: readonly string[]): RadioLayout {
  const tooMany = labels.length > RADIO_INLINE_MAX_OPTIONS;
  const tooLong = labels.some((label) => label.length > RADIO_INLINE_MAX_LABEL_LENGTH);
  return tooMany || tooLong ? 'stacked' : 'inline';
}
