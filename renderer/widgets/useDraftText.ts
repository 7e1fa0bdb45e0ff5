import { useState } from 'react';

/** How a widget with its own text turns a stored value into text and text into a value. */
export interface DraftTextCodec<V> {
  /** The text shown for a value that came from outside (first render, reset, prefill). */
  format: (value: V | undefined) => string;
  /** The value the text stands for (undefined when it is empty or cannot be read). */
  parse: (text: string) => V | undefined;
}

interface Draft<V> {
  text: string;
  value: V | undefined;
}

/**
 * Keeps what the user typed in component state while the stored value may be coarser (a date
 * that is not yet complete is stored as undefined, a grouped IBAN without spaces). The text is
 * replaced by the formatted value only when the value changes from outside, i.e. no longer equals
 * what the current text stands for; so partial typing is neither lost nor reformatted.
 */
export function useDraftText<V>(
  value: V | undefined,
  codec: DraftTextCodec<V>,
): [text: string, setText: (text: string) => void] {
  const [draft, setDraft] = useState<Draft<V>>(() => ({ text: codec.format(value), value }));
  let current = draft;
  if (!Object.is(draft.value, value)) {
    // The derived-state pattern: adjust during render instead of in an effect (no flash).
    const keep = Object.is(codec.parse(draft.text), value);
    current = { text: keep ? draft.text : codec.format(value), value };
    setDraft(current);
  }
  const setText = (text: string): void => setDraft({ text, value });
  return [current.text, setText];
}
