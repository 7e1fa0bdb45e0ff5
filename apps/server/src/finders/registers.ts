import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluateRule, lookupText, type Bundles, type WizardDefinition } from '#engine';
import { repositoryCatalogues } from './catalogues.ts';
import type { Register } from '../../../../generated/types/register.ts';
import { REPO_ROOT } from '../repoRoot.ts';

/** Folder of the register files a flow's checks read. */
export const REGISTERS_DIR = join(REPO_ROOT, 'definitions', 'registers');

/** A value as a register compares it, by the register's normalisation. */
export function registerKey(normalize: Register['normalize'], value: string): string {
  if (normalize === 'alphanumeric-uppercase') return value.toUpperCase().replace(/[^A-Z0-9]/g, '');
  if (normalize === 'trim') return value.trim().toLowerCase();
  return value;
}

const loaded = new Map<string, { normalize: Register['normalize']; keys: ReadonlySet<string> }>();

/** A register's normalised entries, read once per process (definitions:check validated the file). */
function registerOf(id: string, dir: string) {
  let register = loaded.get(`${dir}\u0000${id}`);
  if (!register) {
    const file = JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as Register;
    register = {
      normalize: file.normalize,
      keys: new Set(file.entries.map((entry) => registerKey(file.normalize, entry))),
    };
    loaded.set(`${dir}\u0000${id}`, register);
  }
  return register;
}

const isListed = (register: ReturnType<typeof registerOf>, value: string): boolean =>
  register.keys.has(registerKey(register.normalize, value));

/**
 * Whether a value is an entry of a register (definitions/registers/<id>.json), compared by the
 * register's normalisation: the look-up the flows' checks use, for calls outside a flow (a
 * contract's new frame number).
 */
export function isInRegister(id: string, value: string, dir: string = REGISTERS_DIR): boolean {
  return isListed(registerOf(id, dir), value);
}

/** A failed check: its id and the German message of its messageKey. */
export interface FailedCheck {
  id: string;
  message: string;
}

/**
 * Runs a flow's declared checks (definition `checks`) over checked answers: each check's value
 * is looked up in its register, or in the catalogue of that id (by key or label); `listed` fails
 * when it is there, `notListed` when it is not. A value that is a list is looked up entry by
 * entry, and fails when one entry fails. An empty value passes. Answers the first failing check,
 * or null.
 */
export function runChecks(
  flow: { definition: WizardDefinition; bundles: Bundles },
  answers: Readonly<Record<string, unknown>>,
  dir: string = REGISTERS_DIR,
): FailedCheck | null {
  const definition: WizardDefinition = flow.definition;
  for (const check of definition.checks ?? []) {
    const result = evaluateRule(check.value, { answers });
    // A list (the breed of every dog) is checked entry by entry.
    const values = Array.isArray(result) ? (result as unknown[]) : [result];
    const failing = values.some((value) => {
      if (value === undefined || value === null || value === '') return false;
      const listed = repositoryCatalogues().has(check.register)
        ? repositoryCatalogues().entry(check.register, String(value)) !== undefined
        : isListed(registerOf(check.register, dir), String(value));
      return listed === (check.fails === 'listed');
    });
    if (failing) {
      const message =
        lookupText(flow.bundles, check.messageKey, definition.i18nNamespace) ??
        lookupText(flow.bundles, 'errors.default', 'common') ??
        '';
      return { id: check.id, message };
    }
  }
  return null;
}
