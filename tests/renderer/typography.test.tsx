// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from '@testing-library/react';
import { EmailAddress, Figure, emailParts } from '../../renderer/index.ts';

afterEach(cleanup);

describe('an e-mail address', () => {
  it('may break only after its @ and before its dots', () => {
    expect(emailParts('kundenservice@s-direkt.example')).toEqual([
      'kundenservice@',
      's-direkt',
      '.example',
    ]);
    expect(emailParts('anna.schmidt@beispiel.example')).toEqual([
      'anna',
      '.schmidt@',
      'beispiel',
      '.example',
    ]);
  });

  it('renders a break opportunity there and keeps every part whole', () => {
    const { container } = render(<EmailAddress address="kundenservice@s-direkt.example" />);
    const address = container.querySelector('.email-address');
    expect(address?.textContent).toBe('kundenservice@s-direkt.example');
    // <wbr> after the @ and before the dot; nowhere else (not at the hyphen of "s-direkt").
    expect(address?.innerHTML.replace(/<span class="email-address__part">|<\/span>/g, '')).toBe(
      'kundenservice@<wbr>s-direkt<wbr>.example',
    );
    expect(address?.querySelectorAll('.email-address__part')).toHaveLength(3);
  });
});

describe('a figure', () => {
  it('is marked so that it never breaks', () => {
    const { container } = render(<Figure>1.234,50 €</Figure>);
    expect(container.querySelector('.figure')?.textContent).toBe('1.234,50 €');
  });
});
