/** A Cognito service error: answered with HTTP 400 (or `status`), `__type` and `message`. */
export class CognitoError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status = 400,
  ) {
    super(message);
    this.name = code;
  }
}

/** The one answer for an unknown user, a wrong password and a wrong signature. */
export const incorrectCredentials = (): CognitoError =>
  new CognitoError('NotAuthorizedException', 'Incorrect username or password.');

/** The answer while the throttle makes a caller wait. */
export const attemptsExceeded = (): CognitoError =>
  new CognitoError('NotAuthorizedException', 'Password attempts exceeded');

/** A missing or malformed request field. */
export const invalidParameter = (message: string): CognitoError =>
  new CognitoError('InvalidParameterException', message);

/** An access token that fails verification or belongs to a signed-out user. */
export const invalidAccessToken = (): CognitoError =>
  new CognitoError('NotAuthorizedException', 'Invalid Access Token');

/** A request body: the JSON object the client library posts. */
export type RequestBody = Record<string, unknown>;

/** A required string field of the body (or of a nested map). */
export function requireString(body: RequestBody, key: string): string {
  const value = body[key];
  if (typeof value !== 'string' || value === '') {
    throw invalidParameter(`1 validation error detected: ${key} must not be null`);
  }
  return value;
}

/** A nested string map (AuthParameters, ChallengeResponses); empty when absent. */
export function stringMap(body: RequestBody, key: string): Record<string, string> {
  const value = body[key];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw invalidParameter(`${key} must be a map`);
  }
  const result: Record<string, string> = {};
  for (const [name, entry] of Object.entries(value)) {
    if (typeof entry === 'string') result[name] = entry;
  }
  return result;
}

/** A user attribute list ([{ Name, Value }]) as a map. */
export function attributeMap(body: RequestBody, key: string): Record<string, string> {
  const value = body[key];
  if (value === undefined || value === null) return {};
  if (!Array.isArray(value)) throw invalidParameter(`${key} must be a list`);
  const result: Record<string, string> = {};
  for (const entry of value as unknown[]) {
    if (typeof entry !== 'object' || entry === null) continue;
    const { Name, Value } = entry as { Name?: unknown; Value?: unknown };
    if (typeof Name === 'string' && typeof Value === 'string') result[Name] = Value;
  }
  return result;
}

/** Lowercases and trims a username or e-mail (the pools are case-insensitive). */
export const canonicalUsername = (name: string): string => name.trim().toLowerCase();
