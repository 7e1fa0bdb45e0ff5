// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { groupIban, IbanWidget } from '../../../renderer/widgets/index.ts';
import { renderWidget } from './renderWidget.tsx';

afterEach(cleanup);

const IBAN = 'DE75512108001245126199';

function ibanInput(): HTMLInputElement {
  return screen.getByRole('textbox') as HTMLInputElement;
}

describe('IBAN widget', () => {
  it('groups an IBAN in blocks of four', () => {
    expect(groupIban('de75 5121 08001245126199')).toBe('DE75 5121 0800 1245 1261 99');
  });

  it('shows typed text grouped and passes the normalised IBAN', async () => {
    const { user, lastValue } = renderWidget(IbanWidget);
    await user.type(ibanInput(), 'de75512108001245126199');
    expect(ibanInput().value).toBe('DE75 5121 0800 1245 1261 99');
    expect(lastValue()).toBe(IBAN);
  });

  it('keeps the caret behind a character typed in the middle', async () => {
    const { user, lastValue } = renderWidget(IbanWidget, { value: 'DE755121' });
    expect(ibanInput().value).toBe('DE75 5121');
    // Caret between "DE" and "75": typing "00" pushes the rest into the next block.
    await user.type(ibanInput(), '00', { initialSelectionStart: 2, initialSelectionEnd: 2 });
    expect(ibanInput().value).toBe('DE00 7551 21');
    expect(lastValue()).toBe('DE00755121');
    expect(ibanInput().selectionStart).toBe(4);
  });

  it('deletes the character before a group space on backspace', async () => {
    const { user, lastValue } = renderWidget(IbanWidget, { value: 'DE755121' });
    await user.type(ibanInput(), '{Backspace}', {
      initialSelectionStart: 5,
      initialSelectionEnd: 5,
    });
    expect(lastValue()).toBe('DE75121');
    expect(ibanInput().value).toBe('DE75 121');
    expect(ibanInput().selectionStart).toBe(3);
  });

  it('turns off autocomplete and spellcheck', () => {
    renderWidget(IbanWidget);
    expect(ibanInput().getAttribute('autocomplete')).toBe('off');
    expect(ibanInput().getAttribute('spellcheck')).toBe('false');
  });

  it('passes undefined when the field is emptied and calls onBlur with the value', async () => {
    const { user, lastValue, props } = renderWidget(IbanWidget, { value: IBAN });
    await user.clear(ibanInput());
    await user.tab();
    expect(lastValue()).toBeUndefined();
    expect(props.onBlur).toHaveBeenCalledWith('root_field', undefined);
  });
});
