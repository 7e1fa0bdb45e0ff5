import { and, eq } from 'drizzle-orm';
import {
  attemptsExceeded,
  checkPasswordPolicy,
  attributeMap,
  incorrectCredentials,
  invalidAccessToken,
  invalidParameter,
  requireString,
  type RequestBody,
} from './errors.ts';
import { requireClient, type Operation, type OperationContext } from './operation.ts';
import { identityRefreshTokens, identityUsers } from './schema.ts';
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
  checkPasswordPolicy(proposed);
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

/** UpdateUserAttributes: the mobile number (E.164) and the nickname can be changed. */
export const updateUserAttributes: Operation = async (context, body) => {
  const { user } = await caller(context, body);
  const attributes = attributeMap(body, 'UserAttributes');
  const changes: { phoneNumber?: string; nickname?: string } = {};
  for (const [name, value] of Object.entries(attributes)) {
    if (name === 'phone_number' && E164.test(value)) changes.phoneNumber = value;
    else if (name === 'nickname' && value.trim() !== '' && value.length <= 100) {
      changes.nickname = value.trim();
    } else throw invalidParameter(`Invalid user attribute ${name}`);
  }
  await context.config.db
    .update(identityUsers)
    .set({ ...changes, updatedAt: new Date(context.config.now()) })
    .where(eq(identityUsers.id, user.id));
  return { CodeDeliveryDetailsList: [] };
};
