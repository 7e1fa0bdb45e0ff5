import { and, eq, or } from 'drizzle-orm';
import { isValidMobilePhone } from '../../../../engine/validation/phone.ts';
import { partners } from '../db/schema/index.ts';
import {
  attemptsExceeded,
  attributeMap,
  canonicalUsername,
  CognitoError,
  incorrectCredentials,
  invalidAccessToken,
  invalidParameter,
  requireString,
  type RequestBody,
} from './errors.ts';
import { requireClient, type Operation, type OperationContext } from './operation.ts';
import { confirmCode, limitExceeded, maskEmail, sendCode } from './codes.ts';
import { checkPasswordPolicy } from './passwordPolicy.ts';
import { identityCodes, identityRefreshTokens, identityUsers } from './schema.ts';
import { passwordMatches } from './srp.ts';
import { admitAttempt, throttleKeys } from './throttle.ts';
import { revokeAllSignIns, setPassword, tokenHash, userAttributes } from './users.ts';
import { verifyAccessToken, type VerifiedAccess } from './verify.ts';

/** The signed-in caller of an operation that carries an AccessToken. */
async function caller(context: OperationContext, body: RequestBody): Promise<VerifiedAccess> {
  const verified = await verifyAccessToken(
    context.config,
    context.keys,
    requireString(body, 'AccessToken'),
    context.pool,
  );
  if (!verified) throw invalidAccessToken();
  return verified;
}

/** GetUser: username and attributes of the token's user. */
export const getUser: Operation = async (context, body) => {
  const { user } = await caller(context, body);
  return {
    Username: user.username,
    UserAttributes: Object.entries(userAttributes(user)).map(([Name, Value]) => ({ Name, Value })),
    MFAOptions: [],
  };
};

/** ChangePassword: checks the previous password (throttled like a sign-in), sets the new one. */
export const changePassword: Operation = async (context, body) => {
  const { user } = await caller(context, body);
  const previous = requireString(body, 'PreviousPassword');
  const proposed = requireString(body, 'ProposedPassword');
  const keys = throttleKeys(context.pool, user.username, context.client);
  const admission = await admitAttempt(context.config, keys);
  if (!admission.admitted) throw attemptsExceeded();
  const poolName = context.config.pools[context.pool].poolName;
  if (!passwordMatches(poolName, user.username, previous, user.saltHex, user.verifierHex)) {
    throw incorrectCredentials();
  }
  await admission.release([keys.pair]);
  checkPasswordPolicy(proposed, [user.username, user.email]);
  await setPassword(context.config, user, proposed);
  return {};
};

/** GlobalSignOut: every sign-in of the user ends; its access and refresh tokens stop working. */
export const globalSignOut: Operation = async (context, body) => {
  const { user } = await caller(context, body);
  await revokeAllSignIns(context.config, user.id);
  return {};
};

/** RevokeToken: ends the one sign-in of a refresh token (the library's signOut with a callback). */
export const revokeToken: Operation = async (context, body) => {
  const clientId = requireClient(context, body);
  await context.config.db
    .update(identityRefreshTokens)
    .set({ revokedAt: new Date(context.config.now()) })
    .where(
      and(
        eq(identityRefreshTokens.tokenHash, tokenHash(requireString(body, 'Token'))),
        eq(identityRefreshTokens.clientId, clientId),
      ),
    );
  return {};
};

const E164 = /^\+[1-9]\d{6,14}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const delivery = (destination: string, medium: 'EMAIL' | 'SMS', name: string) => ({
  Destination: medium === 'EMAIL' ? maskEmail(destination) : `+*******${destination.slice(-4)}`,
  DeliveryMedium: medium,
  AttributeName: name,
});

/** Whether another user of the pool signs in with or has this e-mail address. */
async function addressTaken(context: OperationContext, userId: string, email: string) {
  const rows = await context.config.db
    .select({ id: identityUsers.id })
    .from(identityUsers)
    .where(
      and(
        eq(identityUsers.pool, context.pool),
        or(eq(identityUsers.username, email), eq(identityUsers.email, email)),
      ),
    );
  return rows.some((row) => row.id !== userId);
}

/** Counts a code request of a user (like a password reset); refuses when there were too many. */
async function admitCodeRequest(context: OperationContext, username: string): Promise<void> {
  const keys = throttleKeys(context.pool, username, context.client, 'code');
  if (!(await admitAttempt(context.config, keys)).admitted) throw limitExceeded();
}

/**
 * UpdateUserAttributes: the nickname changes at once; a new e-mail address (`email`) or mobile
 * number (`phone_number`, E.164, mobile only) only after its code: the code goes to the new
 * address, or by SMS to the new number, and VerifyUserAttribute with it takes the new value (as
 * Cognito does with "keep the original value until verified"). An address another user has is
 * refused.
 */
export const updateUserAttributes: Operation = async (context, body) => {
  const { user } = await caller(context, body);
  const attributes = attributeMap(body, 'UserAttributes');
  const changes: { nickname?: string } = {};
  const verifications: { name: string; value: string }[] = [];
  for (const [name, value] of Object.entries(attributes)) {
    // A mobile number only (the SMS TAN goes there), as the platform's phone rule says.
    if (name === 'phone_number' && E164.test(value) && isValidMobilePhone(value)) {
      verifications.push({ name, value });
    } else if (name === 'email' && EMAIL.test(value.trim()) && value.length <= 254) {
      verifications.push({ name, value: canonicalUsername(value) });
    } else if (name === 'nickname' && value.trim() !== '' && value.length <= 100) {
      changes.nickname = value.trim();
    } else throw invalidParameter(`Invalid user attribute ${name}`);
  }
  for (const { name, value } of verifications) {
    if (name === 'email' && (await addressTaken(context, user.id, value))) {
      throw new CognitoError(
        'AliasExistsException',
        'An account with the given email already exists.',
      );
    }
  }
  if (changes.nickname !== undefined) {
    await context.config.db
      .update(identityUsers)
      .set({ ...changes, updatedAt: new Date(context.config.now()) })
      .where(eq(identityUsers.id, user.id));
  }
  const details = [];
  for (const { name, value } of verifications) {
    await admitCodeRequest(context, user.username);
    const email = name === 'email';
    await sendCode(context, user.username, value, email ? 'VERIFY_EMAIL' : 'VERIFY_PHONE', {
      channel: email ? 'EMAIL' : 'SMS',
      pendingValue: value,
    });
    details.push(delivery(value, email ? 'EMAIL' : 'SMS', name));
  }
  return { CodeDeliveryDetailsList: details };
};

const VERIFIABLE: Record<string, 'VERIFY_EMAIL' | 'VERIFY_PHONE'> = {
  email: 'VERIFY_EMAIL',
  phone_number: 'VERIFY_PHONE',
};

/**
 * VerifyUserAttribute: the code of a pending e-mail or mobile change; the new value takes effect
 * (the e-mail also for the customer's partner record and as a sign-in name). Five tries per code
 * and the client's confirm throttle (codes.ts); an expired code must be requested again.
 */
export const verifyUserAttribute: Operation = async (context, body) => {
  const { user } = await caller(context, body);
  const name = requireString(body, 'AttributeName');
  const purpose = VERIFIABLE[name];
  if (!purpose) throw invalidParameter(`Invalid attribute name ${name}`);
  const value = await confirmCode(
    context,
    user.username,
    purpose,
    requireString(body, 'Code').trim(),
  );
  if (!value) throw invalidParameter('No pending change of this attribute');
  const updatedAt = new Date(context.config.now());
  await context.config.db.transaction(async (tx) => {
    if (purpose === 'VERIFY_PHONE') {
      await tx
        .update(identityUsers)
        .set({ phoneNumber: value, updatedAt })
        .where(eq(identityUsers.id, user.id));
      return;
    }
    await tx
      .update(identityUsers)
      .set({ email: value, emailVerified: true, updatedAt })
      .where(eq(identityUsers.id, user.id));
    if (user.partnerNummer) {
      await tx
        .update(partners)
        .set({ email: value })
        .where(eq(partners.partnerNummer, user.partnerNummer));
    }
  });
  return {};
};

/** GetUserAttributeVerificationCode: sends the code of a pending change once more. */
export const getUserAttributeVerificationCode: Operation = async (context, body) => {
  const { user } = await caller(context, body);
  const name = requireString(body, 'AttributeName');
  const purpose = VERIFIABLE[name];
  if (!purpose) throw invalidParameter(`Invalid attribute name ${name}`);
  const [pending] = await context.config.db
    .select({ value: identityCodes.pendingValue })
    .from(identityCodes)
    .where(
      and(
        eq(identityCodes.pool, context.pool),
        eq(identityCodes.username, user.username),
        eq(identityCodes.purpose, purpose),
      ),
    );
  if (!pending?.value) throw invalidParameter('No pending change of this attribute');
  await admitCodeRequest(context, user.username);
  const email = purpose === 'VERIFY_EMAIL';
  await sendCode(context, user.username, pending.value, purpose, {
    channel: email ? 'EMAIL' : 'SMS',
    pendingValue: pending.value,
  });
  return { CodeDeliveryDetails: delivery(pending.value, email ? 'EMAIL' : 'SMS', name) };
};
