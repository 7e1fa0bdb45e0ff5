import { errorTextKey } from '../errorText.ts';
import type { AccountResult } from '../session.ts';
import type { Outcome } from './useAuthForm.ts';

/**
 * The {@link Outcome} of an account call: runs `onOk` when it went through, else gives the error
 * text key of its Cognito code and message (`keyOf`, by default {@link errorTextKey}).
 */
export function accountOutcome(
  result: AccountResult,
  onOk: () => void = () => undefined,
  keyOf: (code: string, message: string) => string = errorTextKey,
): Outcome {
  if (!result.ok) return keyOf(result.code, result.message);
  onOk();
  return null;
}
