import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Identity } from '../auth/index.ts';
import type { Db } from '../db/database.ts';
import { attachments } from '../db/schema/index.ts';
import { withIdempotency, type GuardedOutcome } from '../idempotency/guard.ts';
import type { IdempotencyStore } from '../idempotency/idempotency.ts';
import { attachmentDisposition } from '../portal/displayName.ts';
import { deliverToCustomer, type DeliveredDocument } from '../portal/postfach.ts';
import { readBytes, type UploadConfig } from '../portal/uploadStore.ts';
import { admit } from '../throttle/counters.ts';

/** Documents a customer's Postfach takes per kind within 24 hours when the options name none. */
export const DEFAULT_FILED_PER_CUSTOMER_PER_DAY = 20;

/** What filing a document in a customer's Postfach needs. */
export interface FilingRequest {
  store: IdempotencyStore;
  uploads: UploadConfig;
  request: FastifyRequest;
  reply: FastifyReply;
  /** The signed-in caller (the customer, or an agent of the customer's agency). */
  identity: Identity;
  /** The customer whose Postfach takes the document. */
  partnerNummer: string;
  /** The kind of document (`offer`, `advice`): each kind is counted on its own. */
  kind: string;
  /** A stable name of the route (part of the Idempotency-Key's request hash). */
  route: string;
  /** At most this many documents of the kind per customer within 24 hours. */
  limit: number;
  /** The German text of the 429 beyond the limit. */
  tooMany: string;
  /** Makes the document (the PDF and its message); run only when one is filed. */
  make: () => Promise<DeliveredDocument>;
}

/** The stored answer of a filed document: its Postfach message, which holds the PDF. */
interface Filed {
  nachricht: string;
}

/**
 * Files a document the platform made (an offer, an advice record) in a customer's Postfach and
 * answers its PDF, under the request's Idempotency-Key: the same key and body answer the same
 * document again and file nothing; beyond `limit` documents of the kind for the customer within 24
 * hours, counted in the filing's own transaction (throttle/counters.ts, one statement), the answer
 * is a German 429 with Retry-After and nothing is made. The message, its attachment, the count
 * and the key's answer are committed together.
 */
export function fileDocument(filing: FilingRequest): Promise<FastifyReply> {
  return withIdempotency(
    {
      store: filing.store,
      request: filing.request,
      reply: filing.reply,
      identity: filing.identity,
      route: filing.route,
      id: filing.partnerNummer,
      body: filing.request.body,
      sendStored: (reply, stored) => sendFiled(filing.store.db, filing.uploads, reply, stored.body),
    },
    async (db: Db): Promise<GuardedOutcome> => {
      const admission = await admit(
        db,
        [
          {
            key: `dokumente:${filing.kind}:${filing.partnerNummer}`,
            limit: filing.limit,
            windowSeconds: 24 * 60 * 60,
          },
        ],
        filing.store.now(),
      );
      if (!admission.admitted)
        return {
          status: 429,
          body: { error: 'too-many-requests', message: filing.tooMany },
          headers: { 'Retry-After': String(admission.retryAfterSeconds) },
        };
      const id = await deliverToCustomer(
        db,
        filing.uploads,
        filing.partnerNummer,
        await filing.make(),
      );
      const filed: Filed = { nachricht: id };
      return { status: 200, body: filed };
    },
  );
}

/** Sends the PDF of a filed document: the attachment of its message, read back from storage. */
async function sendFiled(
  db: Db,
  uploads: UploadConfig,
  reply: FastifyReply,
  body: unknown,
): Promise<FastifyReply> {
  const { nachricht } = body as Filed;
  const [file] = await db
    .select({ name: attachments.name, storageKey: attachments.storageKey })
    .from(attachments)
    .where(eq(attachments.messageId, nachricht));
  const pdf = file ? await readBytes(uploads, file.storageKey) : null;
  if (!file || !pdf) throw new Error('filed document not found');
  reply.header('x-postfach-nachricht', nachricht);
  return sendPdf(reply, pdf, attachmentDisposition(file.name), 'private, no-store');
}

/** Sends a PDF with its Content-Disposition and cache rule. */
export function sendPdf(
  reply: FastifyReply,
  pdf: Buffer,
  disposition: string,
  cache: string,
): FastifyReply {
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', disposition)
    .header('cache-control', cache)
    .header('x-content-type-options', 'nosniff')
    .send(pdf);
}
