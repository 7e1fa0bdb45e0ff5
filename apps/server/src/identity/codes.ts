import { createHash, randomInt, timingSafeEqual } from 'node:crypto';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { admit } from '../throttle/counters.ts';
import { CognitoError } from './errors.ts';
import type { OperationContext } from './operation.ts';
import { identityCodes, identityOutbox, type CodePurpose } from './schema.ts';

/** How long a code is valid (Cognito: 1 hour for password reset). */
const CODE_SECONDS = 3600;
/** Tries allowed per code (the right one among them). */
export const CODE_ATTEMPTS = 5;

const hashCode = (code: string) => createHash('sha256').update(code).digest();

/** `a***@e***` as Cognito shows where a code went. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}***@${domain.slice(0, 1)}***`;
}

/** Cognito's answer for too many codes asked for or tried. */
export const limitExceeded = (): CognitoError =>
  new CognitoError('LimitExceededException', 'Attempt limit exceeded, please try after some time.');

const mismatch = () =>
  new CognitoError(
    'CodeMismatchException',
    'Invalid verification code provided, please try again.',
  );

/**
 * Makes a 6-digit code, keeps its hash (with the value it confirms: a new address for VERIFY_*,
 * the pending account for SIGN_UP) and puts the message in the outbox: an e-mail, or an SMS to a
 * mobile number. A newer code of the same user and purpose replaces the older one.
 */
export async function sendCode(
  context: OperationContext,
  username: string,
  destination: string,
  purpose: CodePurpose,
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
      destination,
      purpose,
      code,
    });
  });
}

/**
 * Checks and uses up a code; throws CodeMismatch, ExpiredCode or LimitExceeded. Each try is
 * counted and admitted in one statement before the code is compared, so of any number of
 * concurrent tries at most {@link CODE_ATTEMPTS} are compared. Returns the value the code
 * confirms (see {@link sendCode}), else null.
 */
export async function useCode(
  context: OperationContext,
  username: string,
  purpose: CodePurpose,
  code: string,
): Promise<string | null> {
  const db = context.config.db;
  const now = new Date(context.config.now());
  const where = and(
    eq(identityCodes.pool, context.pool),
    eq(identityCodes.username, username),
    eq(identityCodes.purpose, purpose),
  );
  const [tried] = await db
    .update(identityCodes)
    .set({ attempts: sql`${identityCodes.attempts} + 1` })
    .where(and(where, lt(identityCodes.attempts, CODE_ATTEMPTS), gt(identityCodes.expiresAt, now)))
    .returning({ codeHash: identityCodes.codeHash });
  if (!tried) {
    const [row] = await db
      .select({ expiresAt: identityCodes.expiresAt })
      .from(identityCodes)
      .where(where);
    if (!row) throw mismatch();
    if (row.expiresAt.getTime() <= now.getTime()) {
      throw new CognitoError(
        'ExpiredCodeException',
        'Invalid code provided, please request a code again.',
      );
    }
    throw limitExceeded();
  }
  if (!timingSafeEqual(Buffer.from(tried.codeHash, 'hex'), hashCode(code))) throw mismatch();
  // Used once: of two requests with the same code only the one that deletes the row goes on.
  const used = await db
    .delete(identityCodes)
    .where(and(where, eq(identityCodes.codeHash, tried.codeHash)))
    .returning({ pendingValue: identityCodes.pendingValue });
  if (used.length === 0) throw mismatch();
  return used[0]?.pendingValue ?? null;
}

/**
 * A confirm call's code (ConfirmForgotPassword, ConfirmSignUp, VerifyUserAttribute): the client
 * may try `maxFailures` wrong codes per throttle window over all of them (counted and decided in
 * one statement before the code is looked at; a right code is taken back), then
 * LimitExceededException until the window ends. Then {@link useCode}.
 */
export async function confirmCode(
  context: OperationContext,
  username: string,
  purpose: CodePurpose,
  code: string,
): Promise<string | null> {
  const { config } = context;
  const admission = await admit(
    config.db,
    [
      {
        key: `confirm:client:${context.client}`,
        limit: config.maxFailures,
        windowSeconds: config.throttleWindowSeconds,
      },
    ],
    new Date(config.now()),
  );
  if (!admission.admitted) throw limitExceeded();
  const value = await useCode(context, username, purpose, code);
  await admission.release();
  return value;
}
