/** Who is calling: the pluggable `authenticate(request)` hook and its implementations. */
export {
  actorIdOf,
  principalOf,
  type AgentIdentity,
  type Authenticate,
  type CustomerIdentity,
  type Identity,
} from './identity.ts';
export {
  noAuthentication,
  testAuthentication,
  TEST_AGENT_HEADER,
  TEST_PARTNER_HEADER,
} from './authenticators.ts';
