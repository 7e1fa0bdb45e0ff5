import { textProblem } from '../http/inputHygiene.ts';

/** What the claim entry's custom credential carries. */
export interface ClaimCredential {
  contractId: string;
  lastname: string;
  /** yyyy-MM-dd */
  birthDate: string;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_CREDENTIAL_LENGTH = 300;

/**
 * Reads `Authorization: Custom base64(contractId:lastname:yyyy-MM-dd)`. The contract id is the part
 * before the first colon and the date the part after the last, so a name may contain colons.
 * Returns undefined for anything else.
 */
export function parseClaimCredential(header: string | undefined): ClaimCredential | undefined {
  const match = /^Custom ([A-Za-z0-9+/=]+)$/.exec(header?.trim() ?? '');
  if (!match?.[1]) return undefined;
  const text = Buffer.from(match[1], 'base64').toString('utf8');
  // Never a control character (NUL) or an overlong value on its way to the database.
  if (text.length > MAX_CREDENTIAL_LENGTH || textProblem(text)) return undefined;
  const first = text.indexOf(':');
  const last = text.lastIndexOf(':');
  if (first <= 0 || last <= first) return undefined;
  const contractId = text.slice(0, first).trim();
  const lastname = text.slice(first + 1, last).trim();
  const birthDate = text.slice(last + 1).trim();
  if (!contractId || !lastname || !DATE.test(birthDate)) return undefined;
  return { contractId, lastname, birthDate };
}

/**
 * A name as compared in the claim entry: case, accents and spacing do not matter
 * ("Müller", "muller" and "MÜLLER" are the same name; ß counts as ss).
 */
export function comparableName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[\s-]+/g, ' ')
    .trim();
}
