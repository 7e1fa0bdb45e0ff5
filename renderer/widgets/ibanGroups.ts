import { groupIban, normalizeIban } from '#engine';

export { groupIban } from '#engine';

/** A regrouped text and where its caret goes. */
export interface RegroupedIban {
  /** The grouped display text. */
  text: string;
  /** The caret position in `text`. */
  caret: number;
}

/**
 * Regroups what the user typed and keeps the caret behind the same character: the number of
 * IBAN characters before the caret is counted in the raw text and looked up in the grouped one,
 * so typing or deleting in the middle does not throw the caret to the end.
 */
export function regroupIban(raw: string, caret: number): RegroupedIban {
  const text = groupIban(raw);
  const charactersBefore = normalizeIban(raw.slice(0, caret)).length;
  // Character k sits at k + floor(k / 4); the caret goes right behind the last one before it.
  const position =
    charactersBefore === 0 ? 0 : charactersBefore + Math.floor((charactersBefore - 1) / 4);
  return { text, caret: Math.min(position, text.length) };
}
