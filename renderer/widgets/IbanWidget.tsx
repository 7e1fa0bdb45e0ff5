import { useLayoutEffect, useRef } from 'react';
import type { ReactElement } from 'react';
import type { WidgetProps } from './widgetProps.ts';
import { normalizeIban } from '#engine';
import { controlAttributes } from './controlAttributes.ts';
import { groupIban, regroupIban } from './ibanGroups.ts';
import { useDraftText } from './useDraftText.ts';

const ibanCodec = {
  format: (value: string | undefined): string => groupIban(value ?? ''),
  parse: (text: string): string | undefined => normalizeIban(text) || undefined,
};

/**
 * Backspace on a group space would delete only the space, which regrouping puts back: delete the
 * character before it instead, as the user meant.
 */
function withoutDeletedSpace(
  before: string,
  raw: string,
  caret: number,
): { raw: string; caret: number } {
  const onlySpaceDeleted =
    raw.length < before.length && normalizeIban(raw) === normalizeIban(before);
  if (!onlySpaceDeleted || caret === 0) return { raw, caret };
  return { raw: raw.slice(0, caret - 1) + raw.slice(caret), caret: caret - 1 };
}

/**
 * An IBAN shown in blocks of four while the stored value is its electronic form (no spaces, upper
 * case, via the engine's `normalizeIban`). The caret stays behind the character just typed.
 */
export function IbanWidget(props: WidgetProps): ReactElement {
  const { id, onChange, onBlur, onFocus } = props;
  const value = typeof props.value === 'string' ? props.value : undefined;
  const [text, setText] = useDraftText(value, ibanCodec);
  const input = useRef<HTMLInputElement>(null);
  const pendingCaret = useRef<number | null>(null);

  // React moves the caret to the end when it writes a changed value; put it back after the write.
  useLayoutEffect(() => {
    const element = input.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (element !== null && caret !== null && element.ownerDocument.activeElement === element) {
      element.setSelectionRange(caret, caret);
    }
  });

  return (
    <input
      {...controlAttributes(props)}
      ref={input}
      className="input input--iban"
      type="text"
      autoComplete="off"
      autoCapitalize="characters"
      spellCheck={false}
      readOnly={props.readonly === true}
      value={text}
      onChange={(event) => {
        const { raw, caret } = withoutDeletedSpace(
          text,
          event.target.value,
          event.target.selectionStart ?? event.target.value.length,
        );
        const regrouped = regroupIban(raw, caret);
        pendingCaret.current = regrouped.caret;
        setText(regrouped.text);
        onChange(ibanCodec.parse(raw));
      }}
      onBlur={(event) => onBlur(id, ibanCodec.parse(event.target.value))}
      onFocus={() => onFocus(id, ibanCodec.parse(text))}
    />
  );
}
