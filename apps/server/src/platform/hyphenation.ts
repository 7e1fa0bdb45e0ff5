import { createRequire } from 'node:module';
import type { HyphenationFunctionSync } from 'hyphen';

// The German patterns (TeX's hyph-de-1996 through the `hyphen` package) are 750 KB of script:
// they run here, where the bundles are served, never in the browser.
const require = createRequire(import.meta.url);
const { hyphenateSync } = require('hyphen/de') as { hyphenateSync: HyphenationFunctionSync };

/** The soft hyphen: a break opportunity that shows a hyphen only where the line breaks. */
export const SOFT_HYPHEN = '\u00ad';

/**
 * Only the long compounds get soft hyphens ("Haftpflichtversicherungsschutz",
 * "Einwilligungserklärung"): they are what cannot fit a tile's heading or a phone's line. A
 * shorter word fits any line, a browser with German patterns (CSS `hyphens: auto` with `lang`)
 * hyphenates it itself, and its text stays plain for search and for tests that match it.
 */
const MIN_WORD_LENGTH = 16;

/**
 * What must reach the browser as written: i18next placeholders and nesting, HTML tags, and every
 * run without spaces that holds a `/`, an `@` or a dot inside it (a path such as
 * "/kunden/registrieren", an e-mail or web address, a file name "Beitragsrechnung-{{nummer}}.pdf").
 * Everything between them is running text.
 */
const VERBATIM = /\{\{[^}]*\}\}|\$t\([^)]*\)|<[^>]*>|\S*(?:[/@]|\.(?=\w))\S*/g;

/**
 * A German text with soft hyphens between the syllables of its long words, so that a long compound
 * ("Haftpflichtversicherungsschutz") breaks with a hyphen in every browser, also one without
 * German hyphenation patterns, instead of overflowing or breaking anywhere without one.
 */
export function hyphenateText(text: string): string {
  let result = '';
  let last = 0;
  for (const match of text.matchAll(VERBATIM)) {
    result += hyphenateSync(text.slice(last, match.index), { minWordLength: MIN_WORD_LENGTH });
    result += match[0];
    last = match.index + match[0].length;
  }
  return result + hyphenateSync(text.slice(last), { minWordLength: MIN_WORD_LENGTH });
}

/** Every text of a translation bundle hyphenated ({@link hyphenateText}); keys stay as they are. */
export function hyphenateBundle(value: unknown): unknown {
  if (typeof value === 'string') return hyphenateText(value);
  if (Array.isArray(value)) return value.map(hyphenateBundle);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key, hyphenateBundle(entry)]),
    );
  return value;
}
