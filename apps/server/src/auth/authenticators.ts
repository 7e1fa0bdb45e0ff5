import type { Authenticate } from './identity.ts';

/**
 * The production default until token verification (Cognito JWT, a later issue) is wired in:
 * nobody is signed in, so every call that needs auth gets 401.
 */
export const noAuthentication: Authenticate = async () => null;

/** Header naming the customer (partner number) in test mode. */
export const TEST_PARTNER_HEADER = 'x-test-partner';

/** Header naming the agent (vermittler number) in test mode. */
export const TEST_AGENT_HEADER = 'x-test-vermittler';

/**
 * Test-only identities from the headers `x-test-partner` / `x-test-vermittler`. buildServer
 * installs it only when `testAuth: true` is passed explicitly; never by default.
 */
export const testAuthentication: Authenticate = async (request) => {
  const partner = request.headers[TEST_PARTNER_HEADER];
  if (typeof partner === 'string' && partner !== '')
    return { role: 'benutzer', partnerNummer: partner };
  const agent = request.headers[TEST_AGENT_HEADER];
  if (typeof agent === 'string' && agent !== '')
    return { role: 'vermittler', vermittlerNummer: agent };
  return null;
};
