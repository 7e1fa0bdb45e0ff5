import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CognitoUser, CognitoUserPool } from 'amazon-cognito-identity-js';
import { eq } from 'drizzle-orm';
import { partners } from '../../apps/server/src/db/schema/index.ts';
import { identityUsers } from '../../apps/server/src/identity/schema.ts';
import { makeVerifier } from '../../apps/server/src/identity/srp.ts';
import { signIn, startIdentityServer, userPool, type IdentityServer } from './identityHelpers.ts';
import type { TestDatabase } from './helpers/testDatabase.ts';

// Changing the e-mail address and the mobile number: the new value only after the code that went
// to it (e-mail to the new address, SMS to the new number), through the unchanged Cognito library.

let server: IdentityServer & { db: TestDatabase };
let customers: CognitoUserPool;
const PASSWORD = 'Kunden-Passwort-2025';

beforeAll(async () => {
  server = await startIdentityServer({ maxFailures: 1000, devOutbox: true });
  customers = await userPool(server.base, 'benutzer');
}, 60_000);
afterAll(async () => {
  await server.close();
});

const call = <T>(run: (done: (error: unknown, result?: T) => void) => void) =>
  new Promise<T>((resolve, reject) => {
    run((error, result) => (error ? reject(error as Error) : resolve(result as T)));
  });

/** A customer with a partner record of their own, signed in. */
async function signedInCustomer(): Promise<{
  user: CognitoUser;
  username: string;
  partner: string;
}> {
  const id = randomUUID().slice(0, 8);
  const username = `test.${id}@beispiel.example`;
  const partner = `9${String(Date.now()).slice(-6)}${Math.floor(Math.random() * 10)}`;
  const db = server.db.database.db;
  await db.insert(partners).values({
    partnerNummer: partner,
    brand: 'andsafe',
    kundentyp: 'PRIVAT',
    vorname: 'Test',
    nachname: `Kunde ${id}`,
    email: username,
    strasse: 'Teststraße',
    hausnummer: '1',
    plz: '20095',
    ort: 'Hamburg',
  });
  await db.insert(identityUsers).values({
    pool: 'benutzer',
    username,
    email: username,
    partnerNummer: partner,
    status: 'CONFIRMED',
    ...makeVerifier('Benutzer', username, PASSWORD),
  });
  const outcome = await signIn(customers, username, PASSWORD);
  if (outcome.kind !== 'success') throw new Error(JSON.stringify(outcome));
  return { user: outcome.user, username, partner };
}

async function outbox(username: string) {
  const response = await fetch(
    `${server.base}/api/identity/dev/outbox?username=${encodeURIComponent(username)}`,
  );
  return (await response.json()) as {
    channel: string;
    destination: string;
    purpose: string;
    code: string;
  }[];
}

async function attributes(user: CognitoUser): Promise<Record<string, string>> {
  const list = await call<{ getName(): string; getValue(): string }[]>((done) =>
    user.getUserAttributes(done),
  );
  return Object.fromEntries(list.map((a) => [a.getName(), a.getValue()]));
}

async function update(user: CognitoUser, name: string, value: string) {
  const { CognitoUserAttribute } = await import('amazon-cognito-identity-js');
  return call((done) =>
    user.updateAttributes([new CognitoUserAttribute({ Name: name, Value: value })], done),
  );
}

const verify = (user: CognitoUser, name: string, code: string) =>
  new Promise<string | null>((resolve) =>
    user.verifyAttribute(name, code, {
      onSuccess: () => resolve(null),
      onFailure: (error: Error & { code?: string }) => resolve(error.code ?? error.message),
    }),
  );

describe('changing the e-mail address', () => {
  it('mails a code to the new address, keeps the old one until the code, then signs in with both', async () => {
    const { user, username, partner } = await signedInCustomer();
    const neu = `neu.${randomUUID().slice(0, 8)}@beispiel.example`;
    await update(user, 'email', neu.toUpperCase());
    expect((await attributes(user))['email']).toBe(username);
    const [message] = await outbox(username);
    expect(message).toMatchObject({ channel: 'EMAIL', destination: neu, purpose: 'VERIFY_EMAIL' });

    expect(await verify(user, 'email', '000000' === message?.code ? '111111' : '000000')).toBe(
      'CodeMismatchException',
    );
    expect((await attributes(user))['email']).toBe(username);
    expect(await verify(user, 'email', message?.code ?? '')).toBeNull();
    expect((await attributes(user))['email']).toBe(neu);
    const [record] = await server.db.database.db
      .select({ email: partners.email })
      .from(partners)
      .where(eq(partners.partnerNummer, partner));
    expect(record?.email).toBe(neu);
    // The code is used up.
    expect(await verify(user, 'email', message?.code ?? '')).toBe('CodeMismatchException');
    expect((await signIn(customers, neu, PASSWORD)).kind).toBe('success');
    expect((await signIn(customers, username, PASSWORD)).kind).toBe('success');
  });

  it('refuses an address another customer has, and sends nothing', async () => {
    const { user, username } = await signedInCustomer();
    const error = await update(user, 'email', 'anna.schmidt@beispiel.example').catch(
      (e: { code: string }) => e.code,
    );
    expect(error).toBe('AliasExistsException');
    expect(await outbox(username)).toEqual([]);
  });

  it('stops after five wrong codes', async () => {
    const { user, username } = await signedInCustomer();
    await update(user, 'email', `x.${randomUUID().slice(0, 8)}@beispiel.example`);
    const [message] = await outbox(username);
    const wrong = message?.code === '123456' ? '654321' : '123456';
    for (let i = 0; i < 5; i += 1)
      expect(await verify(user, 'email', wrong)).toBe('CodeMismatchException');
    expect(await verify(user, 'email', message?.code ?? '')).toBe('LimitExceededException');
    expect((await attributes(user))['email']).toBe(username);
  });
});

describe('changing the mobile number', () => {
  it('sends an SMS code (TAN) to the new number and takes it only with that code', async () => {
    const { user, username } = await signedInCustomer();
    await update(user, 'phone_number', '+4915199999999');
    expect((await attributes(user))['phone_number']).toBeUndefined();
    const [sms] = await outbox(username);
    expect(sms).toMatchObject({
      channel: 'SMS',
      destination: '+4915199999999',
      purpose: 'VERIFY_PHONE',
    });
    expect(await verify(user, 'phone_number', sms?.code ?? '')).toBeNull();
    expect((await attributes(user))['phone_number']).toBe('+4915199999999');
  });

  it('refuses a landline number and sends no SMS', async () => {
    const { user, username } = await signedInCustomer();
    const error = await update(user, 'phone_number', '+49401234567').catch(
      (e: { code: string }) => e.code,
    );
    expect(error).toBe('InvalidParameterException');
    expect(await outbox(username)).toEqual([]);
    expect((await attributes(user))['phone_number']).toBeUndefined();
  });

  it('sends the code once more on request, and only the newest code counts', async () => {
    const { user, username } = await signedInCustomer();
    await update(user, 'phone_number', '+4917612345678');
    const [first] = await outbox(username);
    await new Promise<void>((resolve, reject) =>
      user.getAttributeVerificationCode('phone_number', {
        onSuccess: () => resolve(),
        onFailure: reject,
      }),
    );
    const [second] = await outbox(username);
    expect(second?.destination).toBe('+4917612345678');
    if (first?.code !== second?.code) {
      expect(await verify(user, 'phone_number', first?.code ?? '')).toBe('CodeMismatchException');
    }
    expect(await verify(user, 'phone_number', second?.code ?? '')).toBeNull();
    expect((await attributes(user))['phone_number']).toBe('+4917612345678');
  });
});
