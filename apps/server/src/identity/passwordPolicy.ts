import { dictionary as breached } from '@zxcvbn-ts/language-common';
import { dictionary as german } from '@zxcvbn-ts/language-de';
import { CognitoError } from './errors.ts';

/** Fewest characters of a password (BSI IT-Grundschutz ORP.4, NIST SP 800-63B: length first). */
export const PASSWORD_MIN_LENGTH = 12;
/** Most characters of a password (Cognito's limit). */
const PASSWORD_MAX_LENGTH = 256;

/** Why a password is refused. */
export type PasswordProblem = 'short' | 'long' | 'name' | 'common';

let blocked: Set<string> | undefined;
/** Breached passwords (the zxcvbn-ts list) and German common words and first names, lowercased. */
function blocklist(): Set<string> {
  blocked ??= new Set(
    [...breached['passwords-common'], ...german.commonWords, ...german.firstnames].map((word) =>
      word.toLowerCase(),
    ),
  );
  return blocked;
}

/** Runs of characters people type as a sequence (digits, the alphabet, keyboard rows). */
const SEQUENCES = [
  '012345678901234567890123456789',
  'abcdefghijklmnopqrstuvwxyz',
  'qwertzuiopüasdfghjklöäyxcvbnm',
  'qwertyuiopasdfghjklzxcvbnm',
  '1qaz2wsx3edc4rfv5tgb6zhn7ujm8ik9ol0p',
  '1qaz2wsx3edc4rfv5tgb6yhn7ujm8ik9ol0p',
].flatMap((run) => [run, [...run].reverse().join('')]);

const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '3': 'e',
  '1': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
};
const compact = (text: string) => text.replace(/[\s._+-]/gu, '');
/** The password without the digits and symbols people put before and after a word. */
const core = (text: string) => text.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
const unleet = (text: string) => [...text].map((char) => LEET[char] ?? char).join('');

/** Whether the password is a word of the lists, with or without filler and look-alike digits. */
function isCommon(lower: string): boolean {
  const list = blocklist();
  const word = core(lower);
  const forms = [lower, compact(lower), word, compact(word), unleet(compact(word))];
  if (forms.some((form) => form !== '' && list.has(form))) return true;
  const plain = compact(lower);
  if (/^(.+?)\1+$/u.test(plain)) return true; // one character or one word, repeated
  const letters = compact(word);
  return SEQUENCES.some(
    (run) => run.includes(plain) || (letters.length >= 4 && run.includes(letters)),
  );
}

/** Whether the password contains one of the user's names (the e-mail address or its local part). */
function containsName(lower: string, names: readonly string[]): boolean {
  const plain = compact(lower);
  return names.some((name) => {
    const address = name.trim().toLowerCase();
    const local = address.split('@')[0] ?? '';
    return [address, local, compact(local)].some(
      (part) => part.length >= 3 && (lower.includes(part) || plain.includes(part)),
    );
  });
}

/**
 * What is wrong with a password, or null: at least 12 and at most 256 characters, not one of the
 * user's names, not a breached or common password or word (with or without digits and symbols
 * around it), not a repetition or a keyboard or digit run. No rules on character classes.
 */
export function passwordProblem(
  password: string,
  names: readonly string[],
): PasswordProblem | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'short';
  if (length > PASSWORD_MAX_LENGTH) return 'long';
  const lower = password.normalize('NFKC').toLowerCase();
  if (containsName(lower, names)) return 'name';
  if (isCommon(lower)) return 'common';
  return null;
}

const MESSAGES: Record<PasswordProblem, string> = {
  short: 'Password not long enough',
  long: 'Password too long',
  name: 'Password must not contain the user name',
  common: 'Password is too common',
};

/**
 * Refuses a password that {@link passwordProblem} finds fault with: InvalidPasswordException with
 * Cognito's message prefix, the reason after it (the web app shows a German text per reason).
 */
export function checkPasswordPolicy(password: string, names: readonly string[]): void {
  const problem = passwordProblem(password, names);
  if (problem) {
    throw new CognitoError(
      'InvalidPasswordException',
      `Password did not conform with policy: ${MESSAGES[problem]}`,
    );
  }
}
