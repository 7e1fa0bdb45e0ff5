import { Fragment, type ReactNode } from 'react';

/**
 * A figure as the formatting module writes it (a date, an amount, a number, a date with its time):
 * never broken across lines.
 */
export function Figure({ children }: { children: ReactNode }) {
  return <span className="figure">{children}</span>;
}

/**
 * The parts of an e-mail address between which a line may break: after the @ and before each dot
 * ("kundenservice@s-direkt.example" -> "kundenservice@", "s-direkt", ".example").
 */
export function emailParts(address: string): string[] {
  return address.split(/(?<=@)|(?=\.)/).filter((part) => part !== '');
}

/**
 * An e-mail address that breaks only after its @ and before its dots (a <wbr> there), never inside
 * a part: "kundenservice@s-|direkt.example" would read as a hyphenated word.
 */
export function EmailAddress({ address }: { address: string }) {
  return (
    <span className="email-address">
      {emailParts(address).map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          <span className="email-address__part">{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
