import { randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  attemptsExceeded,
  canonicalUsername,
  CognitoError,
  incorrectCredentials,
  invalidParameter,
  requireString,
  stringMap,
} from './errors.ts';
import { requireClient, type Operation, type OperationContext } from './operation.ts';
import { checkPasswordPolicy } from './passwordPolicy.ts';
import {
  identityChallenges,
  identityRefreshTokens,
  identityUsers,
  type IdentityUser,
} from './schema.ts';
import {
  claimSignature,
  parseHexInt,
  parseSrpTimestamp,
  serverEphemeral,
  serverKey,
  signatureMatches,
} from './srp.ts';
import { admitAttempt, isThrottled, throttleKeys } from './throttle.ts';
import { issueTokens } from './tokens.ts';
import {
  createSignIn,
  fakeCredentials,
  findUser,
  setPassword,
  tokenHash,
  userAttributes,
} from './users.ts';

/** How long a challenge may be answered (Cognito: 3 minutes). */
const CHALLENGE_SECONDS = 180;
/** Accepted distance of the client's TIMESTAMP from the server clock. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** InitiateAuth: USER_SRP_AUTH, CUSTOM_AUTH starting with SRP_A, REFRESH_TOKEN_AUTH. */
export const initiateAuth: Operation = async (context, body) => {
  const clientId = requireClient(context, body);
  const flow = requireString(body, 'AuthFlow');
  const parameters = stringMap(body, 'AuthParameters');
  if (flow === 'REFRESH_TOKEN_AUTH' || flow === 'REFRESH_TOKEN') {
    return refresh(context, clientId, parameters['REFRESH_TOKEN'] ?? '');
  }
  if (flow === 'CUSTOM_AUTH' && parameters['CHALLENGE_NAME'] !== 'SRP_A') {
    throw invalidParameter('Custom auth lambda trigger is not configured for the user pool.');
  }
  if (flow !== 'USER_SRP_AUTH' && flow !== 'CUSTOM_AUTH') {
    throw invalidParameter(`Unsupported AuthFlow ${flow}`);
  }
  const username = canonicalUsername(parameters['USERNAME'] ?? '');
  const A = parseHexInt(parameters['SRP_A'] ?? '');
  if (username === '') throw invalidParameter('Missing required parameter USERNAME');
  if (A === null) throw invalidParameter('Missing required parameter SRP_A');
  if (await isThrottled(context.config, throttleKeys(context.pool, username, context.client))) {
    throw attemptsExceeded();
  }
  const user = await findUser(context.config, context.pool, username);
  // Unknown users get a challenge like everyone else, with a stable fake salt and verifier; the
  // fake is derived for everyone, so both cost the same work.
  const fake = fakeCredentials(context.keys, context.pool, username);
  const credentials = user ?? fake;
  const verifier = parseHexInt(credentials.verifierHex) ?? 0n;
  const { b, B } = serverEphemeral(verifier);
  const secretBlock = randomBytes(64).toString('base64');
  await context.config.db.insert(identityChallenges).values({
    id: tokenHash(secretBlock),
    pool: context.pool,
    clientId,
    username: user?.username ?? username,
    userId: user?.id ?? null,
    kind: 'PASSWORD_VERIFIER',
    secretHex: b.toString(16),
    srpAHex: A.toString(16),
    srpBHex: B.toString(16),
    expiresAt: new Date(context.config.now() + CHALLENGE_SECONDS * 1000),
  });
  return {
    ChallengeName: 'PASSWORD_VERIFIER',
    Session: secretBlock,
    ChallengeParameters: {
      SALT: credentials.saltHex,
      SECRET_BLOCK: secretBlock,
      SRP_B: B.toString(16),
      USERNAME: user?.username ?? username,
      USER_ID_FOR_SRP: user?.username ?? username,
    },
  };
};

/** RespondToAuthChallenge: PASSWORD_VERIFIER and NEW_PASSWORD_REQUIRED. */
export const respondToAuthChallenge: Operation = async (context, body) => {
  const clientId = requireClient(context, body);
  const challenge = requireString(body, 'ChallengeName');
  const responses = stringMap(body, 'ChallengeResponses');
  if (challenge === 'PASSWORD_VERIFIER') return passwordVerifier(context, clientId, responses);
  if (challenge === 'NEW_PASSWORD_REQUIRED') {
    return newPassword(
      context,
      clientId,
      responses,
      typeof body['Session'] === 'string' ? body['Session'] : '',
    );
  }
  throw invalidParameter(`Unsupported ChallengeName ${challenge}`);
};

/** Takes an open challenge out of the table (single use, also across processes). */
async function consumeChallenge(
  context: OperationContext,
  id: string,
  kind: 'PASSWORD_VERIFIER' | 'NEW_PASSWORD_REQUIRED',
) {
  const [row] = await context.config.db
    .delete(identityChallenges)
    .where(
      and(
        eq(identityChallenges.id, id),
        eq(identityChallenges.pool, context.pool),
        eq(identityChallenges.kind, kind),
        gt(identityChallenges.expiresAt, new Date(context.config.now())),
      ),
    )
    .returning();
  return row;
}

async function passwordVerifier(
  context: OperationContext,
  clientId: string,
  responses: Record<string, string>,
): Promise<object> {
  const secretBlock = responses['PASSWORD_CLAIM_SECRET_BLOCK'] ?? '';
  const row = secretBlock
    ? await consumeChallenge(context, tokenHash(secretBlock), 'PASSWORD_VERIFIER')
    : undefined;
  if (!row || row.clientId !== clientId) {
    throw new CognitoError(
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
    );
  }
  const keys = throttleKeys(context.pool, row.username, context.client);
  // Counted before the check, in one statement per counter: concurrent guesses cannot overtake it.
  const admission = await admitAttempt(context.config, keys);
  if (!admission.admitted) throw attemptsExceeded();
  // A known and an unknown user cost the same work: one user query, the fake verifier derived,
  // the SRP key and the signature computed; only then is the outcome decided.
  const found = await findUser(context.config, context.pool, row.username);
  const user = found && found.id === row.userId ? found : undefined;
  const fake = fakeCredentials(context.keys, context.pool, row.username);
  const timestamp = responses['TIMESTAMP'] ?? '';
  const sentAt = parseSrpTimestamp(timestamp);
  const A = parseHexInt(row.srpAHex ?? '');
  const B = parseHexInt(row.srpBHex ?? '');
  const b = parseHexInt(row.secretHex ?? '');
  const v = parseHexInt(user?.verifierHex ?? fake.verifierHex);
  const key = A !== null && B !== null && b !== null && v !== null ? serverKey(A, B, b, v) : null;
  const poolName = context.config.pools[context.pool].poolName;
  const expected = key
    ? claimSignature(key, poolName, row.username, secretBlock, timestamp)
    : Buffer.alloc(32);
  const signed = signatureMatches(expected, responses['PASSWORD_CLAIM_SIGNATURE'] ?? '');
  const fresh = sentAt !== null && Math.abs(sentAt - context.config.now()) <= CLOCK_SKEW_MS;
  if (!user || !key || !signed || !fresh || responses['USERNAME'] !== row.username)
    throw incorrectCredentials();
  await admission.release([keys.pair]);
  if (user.status === 'UNCONFIRMED') {
    throw new CognitoError('UserNotConfirmedException', 'User is not confirmed.');
  }
  if (user.status === 'FORCE_CHANGE_PASSWORD') return newPasswordChallenge(context, clientId, user);
  return signedIn(context, clientId, user);
}

async function newPasswordChallenge(
  context: OperationContext,
  clientId: string,
  user: IdentityUser,
) {
  const session = randomBytes(48).toString('base64');
  await context.config.db.insert(identityChallenges).values({
    id: tokenHash(session),
    pool: context.pool,
    clientId,
    username: user.username,
    userId: user.id,
    kind: 'NEW_PASSWORD_REQUIRED',
    expiresAt: new Date(context.config.now() + CHALLENGE_SECONDS * 1000),
  });
  const attributes = userAttributes(user);
  delete attributes['sub'];
  return {
    ChallengeName: 'NEW_PASSWORD_REQUIRED',
    Session: session,
    ChallengeParameters: {
      USER_ID_FOR_SRP: user.username,
      requiredAttributes: JSON.stringify(['userAttributes.nickname']),
      userAttributes: JSON.stringify(attributes),
    },
  };
}

async function newPassword(
  context: OperationContext,
  clientId: string,
  responses: Record<string, string>,
  session: string,
): Promise<object> {
  const password = responses['NEW_PASSWORD'] ?? '';
  const nickname = (responses['userAttributes.nickname'] ?? '').trim();
  if (nickname === '') throw invalidParameter('Missing required attribute nickname');
  checkPasswordPolicy(password, [canonicalUsername(responses['USERNAME'] ?? '')]);
  const row = session
    ? await consumeChallenge(context, tokenHash(session), 'NEW_PASSWORD_REQUIRED')
    : undefined;
  if (
    !row ||
    row.clientId !== clientId ||
    canonicalUsername(responses['USERNAME'] ?? '') !== row.username
  ) {
    throw new CognitoError(
      'NotAuthorizedException',
      'Invalid session for the user, session is expired.',
    );
  }
  const user = await findUser(context.config, context.pool, row.username);
  if (!user) throw incorrectCredentials();
  await setPassword(context.config, user, password, { status: 'CONFIRMED', nickname });
  return signedIn(context, clientId, { ...user, status: 'CONFIRMED', nickname });
}

async function signedIn(context: OperationContext, clientId: string, user: IdentityUser) {
  const { originJti, refreshToken } = await createSignIn(context.config, user, clientId);
  const tokens = await issueTokens(
    context.config,
    context.keys,
    context.pool,
    user,
    originJti,
    Math.floor(context.config.now() / 1000),
  );
  return {
    ChallengeParameters: {},
    AuthenticationResult: { ...tokens, RefreshToken: refreshToken },
  };
}

/** REFRESH_TOKEN_AUTH: new access and ID tokens; RefreshToken is left out so the client keeps its own. */
async function refresh(
  context: OperationContext,
  clientId: string,
  refreshToken: string,
): Promise<object> {
  const [row] = refreshToken
    ? await context.config.db
        .select({ user: identityUsers, signIn: identityRefreshTokens })
        .from(identityRefreshTokens)
        .innerJoin(identityUsers, eq(identityUsers.id, identityRefreshTokens.userId))
        .where(
          and(
            eq(identityRefreshTokens.tokenHash, tokenHash(refreshToken)),
            eq(identityRefreshTokens.clientId, clientId),
            isNull(identityRefreshTokens.revokedAt),
            gt(identityRefreshTokens.expiresAt, new Date(context.config.now())),
            eq(identityUsers.pool, context.pool),
          ),
        )
    : [];
  if (!row) throw new CognitoError('NotAuthorizedException', 'Invalid Refresh Token');
  const tokens = await issueTokens(
    context.config,
    context.keys,
    context.pool,
    row.user,
    row.signIn.id,
    Math.floor(row.signIn.createdAt.getTime() / 1000),
  );
  return { ChallengeParameters: {}, AuthenticationResult: tokens };
}
