import { authStore, type Portal } from '../auth/index.ts';

/** The claims that name the signed-in user: partner number (customers), agent number (agents). */
export type IdentityClaim = 'custom:partnernummer' | 'custom:vermittlernummer';

/** A claim of the portal's current access token; null when signed out or when the token lacks it. */
export async function sessionClaim(portal: Portal, claim: IdentityClaim): Promise<string | null> {
  const session = await authStore.auth[portal].session();
  const value: unknown = session?.getAccessToken().decodePayload()[claim];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** The signed-in customer's partner number (rejects without one: the page shows its error). */
export async function ownPartnerNummer(): Promise<string> {
  const partnerNummer = await sessionClaim('benutzer', 'custom:partnernummer');
  if (!partnerNummer) throw new Error('The customer session carries no partner number');
  return partnerNummer;
}
