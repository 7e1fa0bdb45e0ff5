import { createHash, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { partners } from '../db/schema/index.ts';
import {
  attributeMap,
  canonicalUsername,
  checkPasswordPolicy,
  CognitoError,
  invalidParameter,
  requireString,
} from './errors.ts';
import { requireClient, type Operation, type OperationContext } from './operation.ts';
import {
  identityCodes,
  identityOutbox,
  identityUsers,
  type CodePurpose,
  type PoolName,
} from './schema.ts';
import { admitAttempt, throttleKeys } from './throttle.ts';
import { fakeCredentials, findUser, revokeAllSignIns, setPassword } from './users.ts';

/** How long a code is valid (Cognito: 1 hour for password reset). */
const CODE_SECONDS = 3600;
/** Wrong entries allowed per code. */
const CODE_ATTEMPTS = 5;

type Purpose = CodePurpose;

const hashCode = (code: string) => createHash('sha256').update(code).digest();

/** `a***@e***` as Cognito shows where a code went. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

const delivery = (email: string) => ({
  Destination: maskEmail(email),
  DeliveryMedium: 'EMAIL',
  AttributeName: 'email',
});

/**
 * Makes a 6-digit code, keeps its hash (with the new value it confirms, for VERIFY_*) and puts the
 * message in the outbox: an e-mail, or an SMS to a mobile number.
 */
export async function sendCode(
  context: OperationContext,
  username: string,
  email: string,
  purpose: Purpose,
  options: { channel?: 'EMAIL' | 'SMS'; pendingValue?: string } = {},
): Promise<void> {
  const pendingValue = options.pendingValue ?? null;
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(context.config.now() + CODE_SECONDS * 1000);
  const codeHash = hashCode(code).toString('hex');
  await context.config.db.transaction(async (tx) => {
    await tx
      .insert(identityCodes)
      .values({
        pool: context.pool,
        username,
        purpose,
        codeHash,
        pendingValue,
        attempts: 0,
        expiresAt,
      })
      .onConflictDoUpdate({
        target: [identityCodes.pool, identityCodes.username, identityCodes.purpose],
        set: { codeHash, pendingValue, attempts: 0, expiresAt },
      });
    await tx.insert(identityOutbox).values({
      pool: context.pool,
      username,
      channel: options.channel ?? 'EMAIL',
      destination: email,
      purpose,
      code,
    });
  });
}

/**
 * Checks and uses up a code; throws CodeMismatch, ExpiredCode or LimitExceeded. Returns the new
 * value the code confirms (VERIFY_*), else null.
 */
export async function useCode(
  context: OperationContext,
  pool: PoolName,
  username: string,
  purpose: Purpose,
  code: string,
) {
  const where = and(
    eq(identityCodes.pool, pool),
    eq(identityCodes.username, username),
    eq(identityCodes.purpose, purpose),
  );
  const [row] = await context.config.db.select().from(identityCodes).where(where);
  const mismatch = () =>
    new CognitoError(
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );
  if (!row) throw mismatch();
  if (row.expiresAt.getTime() <= context.config.now()) {
    throw new CognitoError(
      'ExpiredCodeException',
      'Invalid code provided, please request a code again.',
    );
  }
  if (row.attempts >= CODE_ATTEMPTS) {
    throw new CognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
  }
  const expected = Buffer.from(row.codeHash, 'hex');
  if (!timingSafeEqual(expected, hashCode(code))) {
    await context.config.db
      .update(identityCodes)
      .set({ attempts: sql`${identityCodes.attempts} + 1` })
      .where(where);
    throw mismatch();
  }
  // Used once: of two requests with the same code only the one that deletes the row goes on.
  const used = await context.config.db
    .delete(identityCodes)
    .where(and(where, eq(identityCodes.codeHash, row.codeHash)))
    .returning({ pendingValue: identityCodes.pendingValue });
  if (used.length === 0) throw mismatch();
  return used[0]?.pendingValue ?? null;
}

/** ForgotPassword: a code to the user's e-mail; an unknown name gets the same answer and no mail. */
export const forgotPassword: Operation = async (context, body) => {
  requireClient(context, body);
  const username = canonicalUsername(requireString(body, 'Username'));
  const keys = throttleKeys(context.pool, username, context.client, 'code');
  // Every code request counts (none is taken back): counted and decided in one statement.
  if (!(await admitAttempt(context.config, keys)).admitted) {
    throw new CognitoError(
      'LimitExceededException',
      'Attempt limit exceeded, please try after some time.',
    );
  }
  const user = await findUser(context.config, context.pool, username);
  if (user) await sendCode(context, user.username, user.email, 'FORGOT_PASSWORD');
  else fakeCredentials(context.keys, context.pool, username); // the same work as for a real user
  return { CodeDeliveryDetails: delivery(user?.email ?? username) };
};

/** ConfirmForgotPassword: the code and a new password; other sign-ins of the user end. */
export const confirmForgotPassword: Operation = async (context, body) => {
  requireClient(context, body);
  const username = canonicalUsername(requireString(body, 'Username'));
  const code = requireString(body, 'ConfirmationCode');
  const password = requireString(body, 'Password');
  checkPasswordPolicy(password);
  await useCode(context, context.pool, username, 'FORGOT_PASSWORD', code);
  const user = await findUser(context.config, context.pool, username);
  if (!user)
    throw new CognitoError(
      'CodeMismatchException',
      'Invalid verification code provided, please try again.',
    );
  await setPassword(
    context.config,
    user,
    password,
    user.status === 'UNCONFIRMED' ? {} : { status: 'CONFIRMED' },
  );
  await revokeAllSignIns(context.config, user.id);
  return {};
};

/**
 * SignUp (customers only): e-mail, password and partner number; the e-mail must be the one the
 * partner has on file. The account stays UNCONFIRMED until ConfirmSignUp with the mailed code.
 */
export const signUp: Operation = async (context, body) => {
  requireClient(context, body);
  if (context.pool !== 'benutzer')
    throw new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
  const username = canonicalUsername(requireString(body, 'Username'));
  const password = requireString(body, 'Password');
  const attributes = attributeMap(body, 'UserAttributes');
  const partnerNummer = (attributes['custom:partnernummer'] ?? '').trim();
  checkPasswordPolicy(password);
  const [partner] = partnerNummer
    ? await context.config.db
        .select()
        .from(partners)
        .where(eq(partners.partnerNummer, partnerNummer))
    : [];
  if (!partner || canonicalUsername(partner.email) !== username) {
    throw invalidParameter('Die Angaben passen zu keinem Kunden.');
  }
  if (await findUser(context.config, context.pool, username)) {
    throw new CognitoError(
      'UsernameExistsException',
      'An account with the given email already exists.',
    );
  }
  const id = randomUUID();
  await context.config.db.insert(identityUsers).values({
    id,
    pool: 'benutzer',
    username,
    email: username,
    emailVerified: false,
    partnerNummer,
    status: 'UNCONFIRMED',
    saltHex: '00',
    verifierHex: '00',
  });
  const user = await findUser(context.config, context.pool, username);
  if (!user) throw new Error('identity_users: insert failed');
  await setPassword(context.config, user, password);
  await sendCode(context, username, username, 'SIGN_UP');
  return { UserConfirmed: false, UserSub: id, CodeDeliveryDetails: delivery(username) };
};

/** ConfirmSignUp: the mailed code confirms the account and its e-mail. */
export const confirmSignUp: Operation = async (context, body) => {
  requireClient(context, body);
  const username = canonicalUsername(requireString(body, 'Username'));
  await useCode(
    context,
    context.pool,
    username,
    'SIGN_UP',
    requireString(body, 'ConfirmationCode'),
  );
  await context.config.db
    .update(identityUsers)
    .set({ status: 'CONFIRMED', emailVerified: true, updatedAt: new Date(context.config.now()) })
    .where(and(eq(identityUsers.pool, context.pool), eq(identityUsers.username, username)));
  return {};
};
