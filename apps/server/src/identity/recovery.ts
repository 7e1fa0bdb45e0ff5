import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { partners } from '../db/schema/index.ts';
import {
  attributeMap,
  canonicalUsername,
  checkPasswordPolicy,
  CognitoError,
  invalidParameter,
  requireString,
} from './errors.ts';
import { requireClient, type Operation } from './operation.ts';
import { confirmCode, limitExceeded, maskEmail, sendCode } from './codes.ts';
import { identityUsers } from './schema.ts';
import { admitAttempt, throttleKeys } from './throttle.ts';
import { fakeCredentials, findUser, revokeAllSignIns, setPassword } from './users.ts';

const delivery = (email: string) => ({
  Destination: maskEmail(email),
  DeliveryMedium: 'EMAIL',
  AttributeName: 'email',
});

/** ForgotPassword: a code to the user's e-mail; an unknown name gets the same answer and no mail. */
export const forgotPassword: Operation = async (context, body) => {
  requireClient(context, body);
  const username = canonicalUsername(requireString(body, 'Username'));
  const keys = throttleKeys(context.pool, username, context.client, 'code');
  // Every code request counts (none is taken back): counted and decided in one statement.
  if (!(await admitAttempt(context.config, keys)).admitted) throw limitExceeded();
  const user = await findUser(context.config, context.pool, username);
  if (user) await sendCode(context, user.username, user.email, 'FORGOT_PASSWORD');
  else fakeCredentials(context.keys, context.pool, username); // the same work as for a real user
  return { CodeDeliveryDetails: delivery(user?.email ?? username) };
};

/**
 * ConfirmForgotPassword: the code (five tries per code and the client's confirm throttle) and a
 * new password; other sign-ins of the user end.
 */
export const confirmForgotPassword: Operation = async (context, body) => {
  requireClient(context, body);
  const username = canonicalUsername(requireString(body, 'Username'));
  const code = requireString(body, 'ConfirmationCode');
  const password = requireString(body, 'Password');
  checkPasswordPolicy(password);
  await confirmCode(context, username, 'FORGOT_PASSWORD', code);
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
  await confirmCode(context, username, 'SIGN_UP', requireString(body, 'ConfirmationCode'));
  await context.config.db
    .update(identityUsers)
    .set({ status: 'CONFIRMED', emailVerified: true, updatedAt: new Date(context.config.now()) })
    .where(and(eq(identityUsers.pool, context.pool), eq(identityUsers.username, username)));
  return {};
};
