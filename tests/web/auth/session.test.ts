import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorTextKey } from '../../../apps/web/src/auth/errorText.ts';
import { strongPassword } from '../../../apps/web/src/auth/form/rules.ts';
import { PortalAuth, type AccountResult } from '../../../apps/web/src/auth/session.ts';
import {
  normalizeUsername,
  portalOfPath,
  remembersSignIn,
  safeReturnPath,
} from '../../../apps/web/src/auth/pools.ts';
import { DEMO_PASSWORD, DEMO_START_PASSWORD } from '../../../apps/server/src/seed/identityUsers.ts';
import {
  identityCall,
  jwtPayload,
  memoryStorage,
  startIdentityServer,
  type IdentityServer,
} from '../../server/identityHelpers.ts';
import type { TestDatabase } from '../../server/helpers/testDatabase.ts';

let server: IdentityServer & { db: TestDatabase };

beforeAll(async () => {
  server = await startIdentityServer({ maxFailures: 1000, devOutbox: true });
}, 60_000);
afterAll(async () => {
  await server.close();
});

const portal = (name: 'benutzer' | 'vermittler' = 'benutzer') =>
  new PortalAuth(name, { origin: server.base, storage: memoryStorage() });

describe('portal paths', () => {
  it('lowercases and trims usernames', () => {
    expect(normalizeUsername('  Anna.Schmidt@Beispiel.EXAMPLE ')).toBe(
      'anna.schmidt@beispiel.example',
    );
  });

  it('knows the portal of a path', () => {
    expect(portalOfPath('/kunden/vertraege')).toBe('benutzer');
    expect(portalOfPath('/vermittler/kundenbestand')).toBe('vermittler');
    expect(portalOfPath('/schaden-melden/')).toBeNull();
  });

  it('returns only to pages of the same portal after sign-in', () => {
    expect(safeReturnPath('benutzer', '/kunden/kundendaten/passwort')).toBe(
      '/kunden/kundendaten/passwort',
    );
    expect(safeReturnPath('benutzer', 'https://evil.example/kunden/')).toBe('/kunden/');
    expect(safeReturnPath('benutzer', '//evil.example')).toBe('/kunden/');
    expect(safeReturnPath('benutzer', '/vermittler/kundenbestand')).toBe('/kunden/');
    expect(safeReturnPath('vermittler', null)).toBe('/vermittler/');
  });
});

describe('the portal session', () => {
  it('signs in with a username in any case, lowercased before the challenge', async () => {
    const auth = portal();
    const result = await auth.signIn(' Anna.Schmidt@Beispiel.Example ', DEMO_PASSWORD);
    expect(result.kind).toBe('success');
    expect(await auth.accessToken()).toEqual(expect.any(String));
  });

  it('forces a refresh when the access token has expired', async () => {
    const auth = portal('vermittler');
    expect((await auth.signIn('ole.petersen@hfk-petersen.example', DEMO_PASSWORD)).kind).toBe(
      'success',
    );
    const before = await auth.session();
    const later = Date.now() + 2 * 3600 * 1000;
    const after = await auth.session(later);
    expect(after).not.toBeNull();
    expect(after?.getAccessToken().getJwtToken()).not.toBe(before?.getAccessToken().getJwtToken());
    expect(jwtPayload(after?.getAccessToken().getJwtToken() ?? '')['origin_jti']).toBe(
      jwtPayload(before?.getAccessToken().getJwtToken() ?? '')['origin_jti'],
    );
  });

  it('signs the user out when the forced refresh yields no user', async () => {
    const auth = portal();
    await auth.signIn('julia.fischer@beispiel.example', DEMO_PASSWORD);
    const session = await auth.session();
    await identityCall(server.base, 'benutzer', 'GlobalSignOut', {
      AccessToken: session?.getAccessToken().getJwtToken(),
    });
    expect(await auth.session(Date.now() + 2 * 3600 * 1000)).toBeNull();
    expect(await auth.session()).toBeNull();
  }, 30_000);

  it('answers with no session before anyone signed in', async () => {
    expect(await portal().session()).toBeNull();
    expect(await portal().accessToken()).toBeNull();
  });

  it('completes the new-password challenge with the nickname', async () => {
    const auth = portal();
    const result = await auth.signIn('Jonas.Wagner@beispiel.example', DEMO_START_PASSWORD);
    if (result.kind !== 'newPassword') throw new Error(result.kind);
    const done = await result.complete('Eigenes-Passwort-3', 'Jonas');
    if (done.kind !== 'success') throw new Error(done.kind);
    expect(jwtPayload(done.session.getIdToken().getJwtToken())['nickname']).toBe('Jonas');
  });

  it('reports a wrong password with the Cognito code', async () => {
    expect(await portal().signIn('anna.schmidt@beispiel.example', 'Falsch-Passwort-1')).toEqual({
      kind: 'error',
      code: 'NotAuthorizedException',
      message: 'Incorrect username or password.',
    });
  });

  it('is remembered in the library storage from sign-in to sign-out (the header reads it)', async () => {
    const storage = memoryStorage();
    const auth = new PortalAuth('benutzer', { origin: server.base, storage });
    const keys = () => () => ({
      length: storage.data.size,
      key: (i: number) => [...storage.data.keys()][i] ?? null,
    });
    expect(remembersSignIn(keys())).toBe(false);
    await auth.signIn('klaus.mueller@beispiel.example', DEMO_PASSWORD);
    expect(remembersSignIn(keys())).toBe(true);
    await auth.signOut();
    expect(remembersSignIn(keys())).toBe(false);
    // An embedded page on another site may be denied localStorage: nothing remembered, no error.
    const denied = () => {
      throw new DOMException('Access is denied for this document.', 'SecurityError');
    };
    expect(remembersSignIn(denied)).toBe(false);
  });

  it('signs out globally: the old token no longer works on the API', async () => {
    const auth = portal();
    await auth.signIn('laura.meyer@beispiel.example', DEMO_PASSWORD);
    const token = await auth.accessToken();
    await auth.signOut();
    expect(await auth.session()).toBeNull();
    const response = await fetch(`${server.base}/api/vertrag/vertrag/findByPartnerNummer/5000101`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(401);
  });

  it('resets a forgotten password with the code from the outbox and changes the phone number', async () => {
    const auth = portal();
    expect(await auth.forgotPassword('PETER.WEBER@beispiel.example')).toEqual({ ok: true });
    const [message] = (await (
      await fetch(`${server.base}/api/identity/dev/outbox?username=peter.weber@beispiel.example`)
    ).json()) as { code: string }[];
    expect(
      await auth.confirmPassword(
        'peter.weber@beispiel.example',
        message?.code ?? '',
        'Neues-Passwort-5',
      ),
    ).toEqual({
      ok: true,
    });
    expect((await auth.signIn('peter.weber@beispiel.example', 'Neues-Passwort-5')).kind).toBe(
      'success',
    );
    expect(await auth.requestAttributeChange('phone_number', '+4915112345699')).toEqual({
      ok: true,
    });
    const [sms] = (await (
      await fetch(`${server.base}/api/identity/dev/outbox?username=peter.weber@beispiel.example`)
    ).json()) as { code: string; channel: string }[];
    expect(sms?.channel).toBe('SMS');
    expect(
      await auth.verifyAttribute('phone_number', '000000' === sms?.code ? '1' : '000000'),
    ).toMatchObject({
      ok: false,
      code: 'CodeMismatchException',
    });
    expect(await auth.verifyAttribute('phone_number', sms?.code ?? '')).toEqual({ ok: true });
    expect(await auth.changePassword('Neues-Passwort-5', 'Noch-Neuer-6')).toEqual({ ok: true });
    expect(await auth.changePassword('Falsch-1-Abc', 'Noch-Neuer-7')).toMatchObject({
      ok: false,
      code: 'NotAuthorizedException',
    });
  });
});

describe('passwords the pools refuse', () => {
  const bundle = JSON.parse(readFileSync('definitions/locales/de/common.json', 'utf8')) as {
    auth: { errors: Record<string, string>; validation: Record<string, string> };
  };
  /** The German text the registration page shows for a result. */
  const shown = (result: AccountResult) =>
    result.ok
      ? 'ok'
      : bundle.auth.errors[errorTextKey(result.code, result.message).replace('auth.errors.', '')];

  it('checks the length before sending: 12 characters, no rules on their kind', () => {
    const rule = strongPassword('auth.validation.newPassword');
    expect(rule('12345678aA', {})).toBe('auth.validation.newPassword');
    expect(rule('Demo-Passwort-2025', {})).toBeNull();
    expect(rule('ein satz aus wörtern', {})).toBeNull();
    expect(bundle.auth.validation['newPassword']).toBe(
      'Bitte wählen Sie ein Passwort mit mindestens 12 Zeichen.',
    );
  });

  it('shows the German reason when the service refuses a password at registration', async () => {
    const auth = portal();
    expect(shown(await auth.register('neu.kunde@beispiel.example', '2000101', '12345678aA'))).toBe(
      'Das Passwort erfüllt die Anforderungen nicht. Bitte wählen Sie ein Passwort mit mindestens 12 Zeichen.',
    );
    expect(
      shown(await auth.register('neu.kunde@beispiel.example', '2000101', 'Passwort1234')),
    ).toMatch(/^Dieses Passwort ist zu leicht zu erraten/);
    expect(
      shown(await auth.register('neu.kunde@beispiel.example', '2000101', 'neu.kunde-2025!')),
    ).toBe('Das Passwort darf Ihre E-Mail-Adresse nicht enthalten. Bitte wählen Sie ein anderes.');
  });
});
