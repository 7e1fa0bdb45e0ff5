import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { exportJWK, generateKeyPair, importJWK, type JSONWebKeySet, type JWK } from 'jose';
import type { Db } from '../db/database.ts';
import { identityKeys } from './schema.ts';

/** The signing key (private), its public JWK set and the server secret for fake salts. */
export interface KeyMaterial {
  kid: string;
  privateKey: CryptoKey;
  jwks: JSONWebKeySet;
  secret: string;
}

/**
 * Loads the signing key from the database, creating it once. Two processes starting together
 * both insert with ON CONFLICT DO NOTHING and then read the one row that won.
 */
export async function loadKeys(db: Db): Promise<KeyMaterial> {
  let [row] = await db.select().from(identityKeys).where(eq(identityKeys.slot, 1));
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair('RS256', {
      modulusLength: 2048,
      extractable: true,
    });
    const kid = randomUUID();
    await db
      .insert(identityKeys)
      .values({
        slot: 1,
        kid,
        privateJwk: { ...(await exportJWK(privateKey)) },
        publicJwk: { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' },
        secret: randomBytes(32).toString('hex'),
      })
      .onConflictDoNothing();
    [row] = await db.select().from(identityKeys).where(eq(identityKeys.slot, 1));
    if (!row) throw new Error('identity_keys: no signing key');
  }
  const privateKey = await importJWK(row.privateJwk as JWK, 'RS256');
  if (!(privateKey instanceof CryptoKey)) throw new Error('identity_keys: unusable key');
  return {
    kid: row.kid,
    privateKey,
    jwks: { keys: [row.publicJwk as JWK] },
    secret: row.secret,
  };
}

/** Loads the keys once per database handle and shares the promise (the key never changes). */
export function keyCache(db: Db): () => Promise<KeyMaterial> {
  let pending: Promise<KeyMaterial> | undefined;
  return () => {
    pending ??= loadKeys(db).catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
