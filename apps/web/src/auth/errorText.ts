/** The i18n key of the German text for a Cognito error code (and message). */
export function errorTextKey(code: string, message = ''): string {
  switch (code) {
    case 'NotAuthorizedException':
      return /attempts exceeded/i.test(message)
        ? 'auth.errors.throttled'
        : 'auth.errors.credentials';
    case 'UserNotConfirmedException':
      return 'auth.errors.notConfirmed';
    case 'CodeMismatchException':
      return 'auth.errors.code';
    case 'ExpiredCodeException':
      return 'auth.errors.codeExpired';
    case 'InvalidPasswordException':
      // The service names the rule after Cognito's prefix (identity/passwordPolicy.ts).
      return /too common/i.test(message)
        ? 'auth.errors.passwordCommon'
        : /user name/i.test(message)
          ? 'auth.errors.passwordName'
          : 'auth.errors.passwordPolicy';
    case 'UsernameExistsException':
      return 'auth.errors.exists';
    case 'LimitExceededException':
    case 'TooManyRequestsException':
      return 'auth.errors.throttled';
    default:
      return 'auth.errors.generic';
  }
}
