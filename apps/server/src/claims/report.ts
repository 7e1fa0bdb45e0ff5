import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { attachments, claimMessages, claimRequiredDocuments, uploads } from '../db/schema/index.ts';
import type { Db } from '../db/database.ts';
import type { FieldError } from '../http/errors.ts';
import { checkFlowAnswers, type ServerFlow } from '../flows/flowAnswers.ts';
import { claimPrincipal, tokenHash } from './lookup.ts';
import { queryRows } from './sql.ts';
import type { ClaimCatalogue } from './claimProducts.ts';
import { marketOf } from '../platform/brands.ts';

/** What creating a claim report answers. */
export type ReportOutcome =
  | { status: 201; body: { aktenId: string } }
  | { status: 400; fieldErrors: FieldError[] }
  | { status: 401 };

interface TokenRow extends Record<string, unknown> {
  versicherungs_nummer: string;
  versicherung: string;
  /** The brand of the token's contract. */
  brand: string;
}

/** A claim number: S-<year>-<8 characters>, unguessable and unique. */
function newAktenId(now: Date): string {
  const alphabet = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
  const random = [...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('');
  return `S-${now.getUTCFullYear()}-${random}`;
}

/**
 * Creates the claim of a claim-app token: the token must be valid and unused; the answers are
 * checked with the claim-report definition and the token's claim product (catalogue); the claim,
 * its confirmation message, the documents its product requires and the token's use are written in
 * one transaction.
 */
export async function createClaimReport(
  db: Db,
  flow: ServerFlow,
  token: string,
  body: unknown,
  now: Date,
  catalogue: ClaimCatalogue,
): Promise<ReportOutcome> {
  const hash = tokenHash(token);
  const [row] = await queryRows<TokenRow>(
    db,
    sql`SELECT t.versicherungs_nummer, t.versicherung, c.brand FROM claim_tokens t
        JOIN contracts c ON c.versicherungs_nummer = t.versicherungs_nummer
        WHERE t.token_hash = ${hash} AND t.used_at IS NULL AND t.expires_at > ${now.toISOString()}`,
  );
  if (!row) return { status: 401 };
  // The claim is checked in its contract's market (postcodes, amounts and spelling of messages),
  // with its claim product's data as the claim app loaded it (the damage types it offers).
  const route = catalogue.routeOf(row.versicherung);
  const claimProduct = catalogue.viewOf(route);
  const context = {
    route: { product: route, contractIndex: '0' },
    ...(claimProduct ? { claimProduct } : {}),
    brand: row.brand,
    market: marketOf(row.brand),
  };
  const checked = checkFlowAnswers(flow, body, context);
  if (!checked.ok) return { status: 400, fieldErrors: checked.fieldErrors };
  const incident = checked.answers['hergang'] ?? {};
  const files = (
    (checked.answers['unterlagen']?.['dateien'] as { id?: unknown }[] | undefined) ?? []
  )
    .map((file) => file.id)
    .filter((id): id is string => typeof id === 'string');
  const aktenId = newAktenId(now);
  const written = await db.transaction(async (tx) => {
    // The claimant's uploads with this token, finished: exactly the files the answers name.
    const uploaded = files.length
      ? await tx
          .select()
          .from(uploads)
          .where(
            and(
              inArray(uploads.id, files),
              eq(uploads.principal, claimPrincipal(token)),
              eq(uploads.state, 'hochgeladen'),
            ),
          )
      : [];
    if (uploaded.length !== new Set(files).size) return 'files' as const;
    const used = await queryRows<{ versicherungs_nummer: string }>(
      tx as unknown as Db,
      sql`UPDATE claim_tokens SET used_at = ${now.toISOString()}
          WHERE token_hash = ${hash} AND used_at IS NULL RETURNING versicherungs_nummer`,
    );
    if (used.length === 0) return false;
    await tx.execute(
      sql`INSERT INTO claims (akten_id, versicherungs_nummer, partner_nummer, schadendatum, beschreibung, details)
          SELECT ${aktenId}, versicherungs_nummer, partner_nummer, ${String(incident['schadendatum'])}, ${String(incident['beschreibung'])},
                 ${JSON.stringify(checked.answers)}::jsonb
          FROM contracts WHERE versicherungs_nummer = ${row.versicherungs_nummer}`,
    );
    await tx.execute(
      sql`INSERT INTO claim_messages (akten_id, richtung, betreff, nachricht)
          VALUES (${aktenId}, 'EINGANG', ${`Eingangsbestätigung zu Schaden ${aktenId}`},
                  ${'Vielen Dank für Ihre Schadenmeldung. Wir prüfen Ihren Schaden und melden uns hier, sobald es Neuigkeiten gibt.'})`,
    );
    // The documents every claim of its product needs, open until they arrive (portal claims).
    const required = catalogue.requiredDocumentsOf(row.versicherung);
    if (required.length > 0)
      await tx
        .insert(claimRequiredDocuments)
        .values(required.map((document) => ({ aktenId, ...document })));
    if (uploaded.length > 0) {
      const [sent] = await tx
        .insert(claimMessages)
        .values({
          aktenId,
          richtung: 'AUSGANG',
          betreff: 'Unterlagen zur Schadenmeldung',
          nachricht: `Mit der Schadenmeldung eingereicht: ${uploaded.map((file) => file.name).join(', ')}.`,
        })
        .returning({ id: claimMessages.id });
      if (!sent) throw new Error('claim message not stored');
      await tx.insert(attachments).values(
        uploaded.map((file) => ({
          claimMessageId: sent.id,
          name: file.name,
          contentType: file.contentType ?? 'application/octet-stream',
          sizeBytes: file.sizeBytes ?? 0,
          storageKey: file.storageKey,
        })),
      );
      await tx.update(uploads).set({ state: 'verwendet' }).where(inArray(uploads.id, files));
    }
    return true;
  });
  if (written === 'files')
    return {
      status: 400,
      fieldErrors: [
        {
          path: '/body/unterlagen/dateien',
          keyword: 'upload',
          message:
            'Eine Datei wurde nicht vollständig hochgeladen. Bitte entfernen Sie sie und laden Sie sie erneut hoch.',
        },
      ],
    };
  return written ? { status: 201, body: { aktenId } } : { status: 401 };
}
