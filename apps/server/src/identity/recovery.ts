import { canonicalUsername, CognitoError, requireString } from './errors.ts';
import { confirmCode, limitExceeded, maskEmail, sendCode } from './codes.ts';
import { requireClient, type Operation } from './operation.ts';
import { checkPasswordPolicy } from './passwordPolicy.ts';
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
 * ConfirmForgotPassword: the code and a new password (the password policy first, then the code:
 * five tries per code and the client's confirm throttle); other sign-ins of the user end.
 */
export const confirmForgotPassword: Operation = async (context, body) => {
  requireClient(context, body);
  const username = canonicalUsername(requireString(body, 'Username'));
  const code = requireString(body, 'ConfirmationCode');
  const password = requireString(body, 'Password');
  checkPasswordPolicy(password, [username]);
  const user = await findUser(context.config, context.pool, username);
  await confirmCode(context, user?.username ?? username, 'FORGOT_PASSWORD', code);
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
