import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { lookupText, splitKey, textLookup, type Bundles, type Market } from '#engine';

/**
 * A document cannot be made because its template is broken: a text, a brand, a section or a
 * static document file is missing or malformed. The message names what is missing precisely
 * (for the API caller and the log); the user reads the German `errors.template`.
 */
export class DocumentTemplateError extends Error {
  override readonly name = 'DocumentTemplateError';
}

/** A translator that throws {@link DocumentTemplateError} for a missing text, and `exists`. */
export interface StrictTexts {
  t: (key: string, values?: Record<string, unknown>) => string;
  exists: (key: string) => boolean;
}

/**
 * Strict texts over bundles, in a default namespace (`common:…` and `documents:…` reach others),
 * written for a brand's market when one is given (its amounts and orthography; see textLookup),
 * else as the bundles have them.
 */
export function strictTexts(bundles: Bundles, namespace: string, market?: Market): StrictTexts {
  const lookup = textLookup(bundles, namespace, market);
  return {
    t: (key, values) => {
      const text = lookup(key, values);
      if (text === undefined)
        throw new DocumentTemplateError(
          `the text "${key}" is missing in definitions/locales/de/${splitKey(key, namespace).namespace}.json`,
        );
      return text;
    },
    exists: (key) => lookupText(bundles, key, namespace) !== undefined,
  };
}

/** Reads a German bundle of the definitions under root, or undefined when it is missing. */
export function readBundle(root: string, namespace: string): unknown {
  const path = resolve(root, `definitions/locales/de/${namespace}.json`);
  return existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as unknown) : undefined;
}

/** The sender of a brand's documents: its name and colour (definitions/brands/<brand>.json). */
export function brandSender(root: string, brand: string): { name: string; colour: string } {
  const path = resolve(root, `definitions/brands/${brand}.json`);
  if (!existsSync(path))
    throw new DocumentTemplateError(`the brand file definitions/brands/${brand}.json is missing`);
  const config = JSON.parse(readFileSync(path, 'utf8')) as {
    name?: unknown;
    theme?: { primary?: unknown };
  };
  if (typeof config.name !== 'string' || config.name === '')
    throw new DocumentTemplateError(`definitions/brands/${brand}.json has no name`);
  const colour = config.theme?.primary;
  return {
    name: config.name,
    colour: typeof colour === 'string' && /^#[0-9a-fA-F]{6}$/.test(colour) ? colour : '#1a1a1a',
  };
}
