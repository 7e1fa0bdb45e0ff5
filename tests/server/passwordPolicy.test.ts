import { describe, expect, it } from 'vitest';
import { passwordProblem } from '../../apps/server/src/identity/passwordPolicy.ts';

// The policy of the customer and agent pools, length first (BSI IT-Grundschutz ORP.4.A22, NIST SP
// 800-63B 3.1.1.2): at least 12 characters, no rules on character classes, refused when it is a
// known breached or common password or word, or contains the user's name.

const ANNA = ['anna.schmidt@beispiel.example'];

describe('the password policy', () => {
  it('refuses fewer than 12 characters, whatever they are made of', () => {
    expect(passwordProblem('12345678aA', ANNA)).toBe('short');
    expect(passwordProblem('Xk7#qP2!vL9', ANNA)).toBe('short');
  });

  it('counts characters, not bytes: twelve umlauts are enough, eleven are not', () => {
    expect(passwordProblem('äöüßäöüßäöüx', ANNA)).toBeNull();
    expect(passwordProblem('äöüßäöüßäöü', ANNA)).toBe('short');
  });

  it('accepts long passwords and passphrases without digits, capitals or symbols', () => {
    expect(passwordProblem('korrekt pferd batterie heftklammer', ANNA)).toBeNull();
    expect(passwordProblem('meinhundbelltimmerumacht', ANNA)).toBeNull();
  });

  it('accepts the demo passwords of the README', () => {
    expect(passwordProblem('Demo-Passwort-2025', ANNA)).toBeNull();
    expect(passwordProblem('Start-Passwort-2025', ANNA)).toBeNull();
  });

  it('refuses breached and common passwords and words, also with digits and symbols around them', () => {
    for (const password of [
      '123456789012',
      'qwertyuiopasdf',
      'Passwort1234',
      'passwort!2025',
      'P@ssw0rd1234!',
      'Sommer2025!!!!',
      'Schmetterling1',
      'Fussball12345',
    ]) {
      expect(passwordProblem(password, ANNA), password).toBe('common');
    }
  });

  it('refuses repetitions and runs of the keyboard, the alphabet or digits', () => {
    for (const password of [
      'aaaaaaaaaaaa',
      'passwortpasswort',
      'abcdefghijklm',
      'qwertzuiop12',
      '0987654321098',
    ]) {
      expect(passwordProblem(password, ANNA), password).toBe('common');
    }
  });

  it("refuses a password containing the user's e-mail address or its name part", () => {
    expect(passwordProblem('anna.schmidt@beispiel.example', ANNA)).toBe('name');
    expect(passwordProblem('AnnaSchmidt-2025!', ANNA)).toBe('name');
    expect(passwordProblem('meine anna.schmidt 2025', ANNA)).toBe('name');
  });

  it('refuses more than 256 characters', () => {
    expect(passwordProblem('Lang und länger '.repeat(17), ANNA)).toBe('long');
  });
});
