import type { FastifyRequest } from 'fastify';

/** A signed-in customer (Kundenportal, pool "benutzer"). */
export interface CustomerIdentity {
  role: 'benutzer';
  partnerNummer: string;
}

/** A signed-in agent (Vermittlerportal, pool "vermittler"); sees the customers of its agency. */
export interface AgentIdentity {
  role: 'vermittler';
  vermittlerNummer: string;
}

/** Who is calling. */
export type Identity = CustomerIdentity | AgentIdentity;

/** Resolves the caller of a request, or null when nobody is signed in. */
export type Authenticate = (request: FastifyRequest) => Promise<Identity | null>;

/** A stable key of an identity (idempotency scope, audit actor). */
export function principalOf(identity: Identity): string {
  return identity.role === 'benutzer'
    ? `benutzer:${identity.partnerNummer}`
    : `vermittler:${identity.vermittlerNummer}`;
}

/** The id an identity is audited under. */
export function actorIdOf(identity: Identity): string {
  return identity.role === 'benutzer' ? identity.partnerNummer : identity.vermittlerNummer;
}
