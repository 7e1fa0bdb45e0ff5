import { randomUUID } from 'node:crypto';
import { and, eq, ne, or } from 'drizzle-orm';
import { partners } from '../db/schema/index.ts';
import { confirmCode, limitExceeded, maskEmail, sendCode } from './codes.ts';
import {
  attributeMap,
  canonicalUsername,
  CognitoError,
  invalidParameter,
  requireString,
} from './errors.ts';
import { requireClient, type Operation, type OperationContext } from './operation.ts';
import { checkPasswordPolicy } from './passwordPolicy.ts';
import { identityOutbox, identityUsers } from './schema.ts';
import { makeVerifier } from './srp.ts';
import { admitAttempt, throttleKeys } from './throttle.ts';

/** What a registration keeps with its code until the code confirms it. */
interface PendingAccount {
  id: string;
  partnerNummer: string;
  saltHex: string;
  verifierHex: string;
}

function parsePending(value: string | null): PendingAccount | undefined {
  if (!value) return undefined;
  const parsed = JSON.parse(value) as Partial<PendingAccount>;
  const { id, partnerNummer, saltHex, verifierHex } = parsed;
  return id && partnerNummer && saltHex && verifierHex
    ? { id, partnerNummer, saltHex, verifierHex }
    : undefined;
}

/** Whether the customer already has an account (by this name, as a confirmed alias, or at all). */
async function hasAccount(context: OperationContext, username: string, partnerNummer: string) {
  const rows = await context.config.db
    .select({ id: identityUsers.id })
    .from(identityUsers)
    .where(
      and(
        eq(identityUsers.pool, context.pool),
        ne(identityUsers.status, 'UNCONFIRMED'),
        or(
          eq(identityUsers.username, username),
          and(eq(identityUsers.email, username), eq(identityUsers.emailVerified, true)),
          eq(identityUsers.partnerNummer, partnerNummer),
        ),
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * SignUp (customers only): e-mail, password and partner number. Every well-formed request within
 * the throttle gets the same answer (`UserConfirmed: false`, a code "sent" to the address given),
 * whether the two belong together, have an account, or neither, so it tells a stranger nothing.
 * Only when the e-mail is the one the insurer has on file for the partner does a code go there,
 * to that address: the account exists once ConfirmSignUp brings the code back, with the password
 * of the registration the code was sent for (a newer registration replaces an unconfirmed one).
 * A customer who has an account gets a notice at that address instead. Throttled per client and
 * per partner number like sign-ins; refused: LimitExceededException.
 */
export const signUp: Operation = async (context, body) => {
  requireClient(context, body);
  if (context.pool !== 'benutzer')
    throw new CognitoError('NotAuthorizedException', 'SignUp is not permitted for this user pool');
  const username = canonicalUsername(requireString(body, 'Username'));
  const password = requireString(body, 'Password');
  const partnerNummer = (attributeMap(body, 'UserAttributes')['custom:partnernummer'] ?? '').trim();
  if (partnerNummer === '' || partnerNummer.length > 64)
    throw invalidParameter('1 validation error detected: custom:partnernummer must not be null');
  checkPasswordPolicy(password, [username]);
  const keys = throttleKeys(context.pool, partnerNummer, context.client, 'signup');
  // Every registration counts (none is taken back): counted and decided in one statement.
  if (!(await admitAttempt(context.config, keys)).admitted) throw limitExceeded();
  // The verifier is made for every request, so a match costs no visible extra work.
  const pending: PendingAccount = {
    id: randomUUID(),
    partnerNummer,
    ...makeVerifier(context.config.pools[context.pool].poolName, username, password),
  };
  const [partner] = await context.config.db
    .select({ email: partners.email })
    .from(partners)
    .where(eq(partners.partnerNummer, partnerNummer));
  const onFile = partner ? canonicalUsername(partner.email) : undefined;
  if (onFile === username) {
    if (await hasAccount(context, username, partnerNummer)) {
      await context.config.db.insert(identityOutbox).values({
        pool: context.pool,
        username,
        channel: 'EMAIL',
        destination: onFile,
        purpose: 'SIGN_UP_EXISTS',
        code: '',
      });
    } else {
      await sendCode(context, username, onFile, 'SIGN_UP', {
        pendingValue: JSON.stringify(pending),
      });
    }
  }
  return {
    UserConfirmed: false,
    UserSub: pending.id,
    CodeDeliveryDetails: {
      Destination: maskEmail(username),
      DeliveryMedium: 'EMAIL',
      AttributeName: 'email',
    },
  };
};

/**
 * ConfirmSignUp: the mailed code creates the account (confirmed, e-mail verified) with the
 * registration's password; five tries per code and the client's confirm throttle (codes.ts).
 */
export const confirmSignUp: Operation = async (context, body) => {
  requireClient(context, body);
  const username = canonicalUsername(requireString(body, 'Username'));
  const code = requireString(body, 'ConfirmationCode').trim();
  const pending = parsePending(await confirmCode(context, username, 'SIGN_UP', code));
  const updatedAt = new Date(context.config.now());
  if (!pending) {
    // A code of an account registered before codes kept the registration: it only confirms.
    await context.config.db
      .update(identityUsers)
      .set({ status: 'CONFIRMED', emailVerified: true, updatedAt })
      .where(
        and(
          eq(identityUsers.pool, context.pool),
          eq(identityUsers.username, username),
          eq(identityUsers.status, 'UNCONFIRMED'),
        ),
      );
    return {};
  }
  const account = {
    partnerNummer: pending.partnerNummer,
    saltHex: pending.saltHex,
    verifierHex: pending.verifierHex,
    status: 'CONFIRMED' as const,
    emailVerified: true,
  };
  const created = await context.config.db
    .insert(identityUsers)
    .values({ id: pending.id, pool: context.pool, username, email: username, ...account })
    .onConflictDoUpdate({
      target: [identityUsers.pool, identityUsers.username],
      set: { ...account, updatedAt },
      setWhere: eq(identityUsers.status, 'UNCONFIRMED'),
    })
    .returning({ id: identityUsers.id });
  if (created.length === 0) {
    throw new CognitoError(
      'NotAuthorizedException',
      'User cannot be confirmed. Current status is CONFIRMED',
    );
  }
  return {};
};
