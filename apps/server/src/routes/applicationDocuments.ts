import { create as contentDisposition } from 'content-disposition';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { interpolate, lookupCountedText, lookupText, type Bundles, type Market } from '#engine';
import type { Identity } from '../auth/index.ts';
import { FLOW_NOT_FOUND, isCaller, resolveCaller, ruleContextOf } from '../applications/caller.ts';
import { isPriced, priceAnswers } from '../applications/pricing.ts';
import { flowParams, priceBodySchema, type PriceBody } from '../applications/requestSchemas.ts';
import { checkFlowAnswers } from '../flows/flowAnswers.ts';
import { findVisibleContract, type ContractRow } from '../contracts/access.ts';
import { agents, documents, partners } from '../db/schema/index.ts';
import { sendContractNotFound, VALIDATION_MESSAGE } from '../http/errors.ts';
import { attachmentDisposition, displayName } from '../portal/displayName.ts';
import type { UploadConfig } from '../portal/uploadStore.ts';
import { requireIdentity, type RouteContext } from './context.ts';
import { marketOf } from '../platform/brands.ts';
import {
  adviceDocument,
  offerDocument,
  type AdviceIncomplete,
  type ApplicationDocument,
  type DocumentInput,
} from '../documents/applicationDocuments.ts';
import { GENERATED_BUILDERS, type ContractDocument } from '../documents/contractDocuments.ts';
import { documentFactsOf } from '../documents/lineFacts.ts';
import { DEFAULT_FILED_PER_CUSTOMER_PER_DAY, fileDocument, sendPdf } from '../documents/filing.ts';
import { renderPdf } from '../documents/pdf.ts';
import {
  createStaticDocuments,
  documentPath,
  readStaticDocuments,
  type ServedDocument,
} from '../documents/staticDocuments.ts';
import { brandSender, DocumentTemplateError, readBundle, strictTexts } from '../platform/texts.ts';

/** Where the documents routes read definitions/ and store the Postfach copies. */
export interface DocumentRouteOptions {
  /** The folder holding definitions/ (documents, locales, brands). */
  root: string;
  uploads: UploadConfig;
  /** Offers (and advice records) filed per customer within 24 hours, each kind on its own. */
  filedPerCustomerPerDay?: number;
}

/** The two documents made from an application's answers, by the last segment of their path. */
const APPLICATION_DOCUMENTS = {
  angebot: {
    section: 'offer',
    missingKey: 'errors.noOffer',
    tooManyKey: 'errors.tooManyOffers',
    build: offerDocument,
  },
  beratungsdokumentation: {
    section: 'advice',
    missingKey: 'errors.noAdvice',
    tooManyKey: 'errors.tooManyAdvice',
    build: adviceDocument,
  },
} as const satisfies Record<
  string,
  {
    section: 'offer' | 'advice';
    missingKey: string;
    tooManyKey: string;
    build: (input: DocumentInput) => ApplicationDocument | AdviceIncomplete;
  }
>;

const nameParams = (name: string) => ({
  type: 'object',
  properties: { [name]: { type: 'string', minLength: 1, maxLength: 100 } },
  required: [name],
  additionalProperties: false,
});

/**
 * Documents as PDFs: the offer (`POST /api/antrag/{flow}/angebot`) and the advice record
 * (`POST /api/antrag/{flow}/beratungsdokumentation`) of any application flow that declares them
 * in its `documents` section, checked and priced as the price call does (the same caller
 * resolution, validation and rating); signed in for a customer, the PDF also goes to that
 * customer's Postfach, under the Idempotency-Key and the limit per customer of filing.ts. And the
 * static documents of definitions/documents/
 * (`GET /api/dokumente/kundeninformation/{code}`, `GET /api/dokumente/{name}`), made once and kept.
 * And a contract's documents for its owner and agents only
 * (`GET /api/vertrag/vertrag/{id}/dokumente/{dokumentId}`, `private, no-store`): the policy and the
 * last premium notice made from the contract's current data on each request, the static ones as
 * above; a foreign contract answers 404 like a missing one.
 * A flow without the section answers 404, a broken template 500 with what is missing
 * (`detail`), never an empty PDF. Nothing here names a line.
 */
export function registerDocumentRoutes(
  app: FastifyInstance,
  context: RouteContext,
  options: DocumentRouteOptions,
): void {
  let documentsBundle: unknown;
  const bundles = (flowBundles: Bundles): Bundles =>
    new Map([
      ...flowBundles,
      ['documents', (documentsBundle ??= readBundle(options.root, 'documents'))],
    ]);
  const common = new Map([['common', readBundle(options.root, 'common')]]);
  /**
   * A German message of the documents bundle, else the common default (never a text in code), in
   * the brand's market when the caller's brand is known; a `count` value chooses its plural form.
   */
  const message = (key: string, values?: Record<string, unknown>, market?: Market): string => {
    const found = lookupCountedText(
      bundles(common),
      `documents:${key}`,
      'documents',
      values?.['count'],
      market?.locale,
    );
    return interpolate(
      found ?? lookupText(common, 'errors.default', 'common') ?? '',
      values,
      market,
    );
  };
  const templateFailure = (reply: FastifyReply, error: DocumentTemplateError) => {
    reply.log.error({ err: error }, 'document template broken');
    return reply.code(500).send({
      error: 'vorlage-fehlerhaft',
      message: message('errors.template'),
      detail: error.message,
    });
  };
  const staticDocuments = createStaticDocuments(options.root, () =>
    strictTexts(bundles(common), 'documents'),
  );

  for (const [segment, kind] of Object.entries(APPLICATION_DOCUMENTS)) {
    app.post<{ Params: { flow: string }; Body: PriceBody }>(
      `/api/antrag/:flow/${segment}`,
      { schema: { params: flowParams, body: priceBodySchema } },
      async (request, reply) => {
        const application = context.flows.application(request.params.flow);
        if (!application) return reply.code(FLOW_NOT_FOUND.status).send(FLOW_NOT_FOUND.body);
        const { definition } = application.flow;
        const caller = await resolveCaller(context, application.flow, request, request.body);
        if (!isCaller(caller)) return reply.code(caller.status).send(caller.body);
        const market = marketOf(caller.brand);
        if (!definition.documents?.[kind.section])
          return reply.code(404).send({
            error: 'not-found',
            message: message(kind.missingKey, undefined, market),
            detail: `flow "${definition.id}" declares no documents.${kind.section}`,
          });
        const today = context.today();
        const priced = priceAnswers(application, caller, request.body.antworten, today, false);
        if (!isPriced(priced)) return reply.code(priced.status).send(priced.body);
        if (priced.rating.kind === 'refused')
          return reply.code(422).send({
            error: 'nicht-versicherbar',
            message: message('errors.notInsurable', { grund: priced.rating.grund }, market),
          });
        const ruleContext = ruleContextOf(caller, today);
        let built: ApplicationDocument | AdviceIncomplete;
        try {
          const texts = strictTexts(
            bundles(application.flow.bundles),
            definition.i18nNamespace,
            market,
          );
          built = kind.build({
            definition,
            texts,
            answers: priced.answers,
            context: ruleContext,
            market,
            premium: priced.rating,
            today,
            sender: brandSender(options.root, caller.brand),
            advisor: await advisorOf(context, caller.identity),
            customer: await customerOf(context, caller.partnerNummer),
          });
          if ('incomplete' in built) {
            // Which answers are missing, with the messages the browser shows for them.
            const full = checkFlowAnswers(application.flow, request.body.antworten, ruleContext);
            const errors = full.ok
              ? []
              : full.fieldErrors.filter((e) =>
                  (built as AdviceIncomplete).missing.some((m) => e.path.startsWith(`/body/${m}`)),
                );
            return reply.code(422).send({
              error: 'angaben-fehlen',
              message: message('errors.adviceIncomplete', undefined, market),
              fieldErrors: (errors.length > 0
                ? errors
                : built.missing.map((m) => ({
                    path: `/body/${m}`,
                    keyword: 'required',
                    message: VALIDATION_MESSAGE,
                  }))
              ).map((e) => ({ ...e, path: e.path.replace(/^\/body/, '/body/antworten') })),
            });
          }
          const document = built;
          if (caller.identity && caller.partnerNummer) {
            const limit = options.filedPerCustomerPerDay ?? DEFAULT_FILED_PER_CUSTOMER_PER_DAY;
            return await fileDocument({
              store: context.idempotency,
              uploads: options.uploads,
              request,
              reply,
              identity: caller.identity,
              partnerNummer: caller.partnerNummer,
              kind: kind.section,
              route: `${segment}/${definition.id}`,
              limit,
              tooMany: message(kind.tooManyKey, { count: limit }),
              make: async () => ({
                betreff: document.betreff,
                nachricht: document.nachricht,
                file: {
                  name: displayName(document.fileName),
                  contentType: 'application/pdf',
                  bytes: await renderPdf(document.model),
                },
              }),
            });
          }
          const pdf = await renderPdf(document.model);
          return sendPdf(reply, pdf, attachmentDisposition(document.fileName), 'private, no-store');
        } catch (error) {
          if (error instanceof DocumentTemplateError) return templateFailure(reply, error);
          throw error;
        }
      },
    );
  }

  const serveStatic = async (
    reply: FastifyReply,
    find: () => Promise<ServedDocument | undefined>,
    delivery: { type: 'inline' | 'attachment'; cache: string } = {
      type: 'inline',
      cache: 'public, max-age=3600',
    },
  ) => {
    let served: ServedDocument | undefined;
    try {
      served = await find();
    } catch (error) {
      if (error instanceof DocumentTemplateError) return templateFailure(reply, error);
      throw error;
    }
    if (!served)
      return reply.code(404).send({ error: 'not-found', message: message('errors.notFound') });
    const name = `${displayName(served.title)}.pdf`;
    return sendPdf(
      reply,
      served.pdf,
      contentDisposition(name, { type: delivery.type, fallback: asciiFileName(name) }),
      delivery.cache,
    );
  };
  // The list of the static documents for the downloads and consent pages: title, date, kind and
  // address; a consent form also names the kind of consent it stands for.
  let listed:
    | {
        titel: string;
        stand: string;
        art: string;
        pfad: string;
        einwilligung?: { art: string; bezeichnung: string };
      }[]
    | undefined;
  app.get('/api/dokumente', (_request, reply) => {
    listed ??= readStaticDocuments(options.root)
      .map((document) => ({
        titel: document.title,
        stand: document.stand,
        art: document.kind,
        pfad: `/api/dokumente/${documentPath(document)}`,
        ...(document.consent
          ? { einwilligung: { art: document.consent.art, bezeichnung: document.consent.label } }
          : {}),
      }))
      .sort((a, b) => a.art.localeCompare(b.art) || a.titel.localeCompare(b.titel, 'de'));
    return reply.header('cache-control', 'public, max-age=3600').send(listed);
  });
  app.get<{ Params: { code: string } }>(
    '/api/dokumente/kundeninformation/:code',
    { schema: { params: nameParams('code') } },
    (request, reply) =>
      serveStatic(reply, () => staticDocuments.customerInformation(request.params.code)),
  );
  app.get<{ Params: { name: string } }>(
    '/api/dokumente/:name',
    { schema: { params: nameParams('name') } },
    (request, reply) => serveStatic(reply, () => staticDocuments.document(request.params.name)),
  );

  app.get<{ Params: { id: string; dokumentId: string } }>(
    '/api/vertrag/vertrag/:id/dokumente/:dokumentId',
    { schema: { params: contractDocumentParams } },
    async (request, reply) => {
      const identity = await requireIdentity(context, request, reply);
      if (!identity) return reply;
      const row = await findVisibleContract(context.db, identity, request.params.id);
      if (!row) return sendContractNotFound(reply);
      const document = await contractDocumentOf(context, row, request.params.dokumentId);
      if (!document)
        return reply.code(404).send({ error: 'not-found', message: message('errors.notFound') });
      const personal = { type: 'attachment', cache: 'private, no-store' } as const;
      const build = GENERATED_BUILDERS[document.storageKey];
      if (!build) {
        const key = document.storageKey;
        return serveStatic(
          reply,
          () =>
            key.startsWith(CUSTOMER_INFORMATION)
              ? staticDocuments.customerInformation(key.slice(CUSTOMER_INFORMATION.length))
              : staticDocuments.document(key),
          personal,
        );
      }
      let built: ContractDocument;
      let pdf: Buffer;
      try {
        const market = marketOf(row.brand);
        built = build({
          row,
          texts: strictTexts(bundles(common), 'documents', market),
          market,
          today: context.today(),
          sender: brandSender(options.root, row.brand),
          customer: (await customerOf(context, row.partnerNummer)) ?? {
            name: '',
            partnerNummer: row.partnerNummer,
          },
          agent: await agentOf(context, row.vermittlerNummer),
          facts: documentFactsOf(context.tariffs, row.produkt, market.currency),
        });
        pdf = await renderPdf(built.model);
      } catch (error) {
        if (error instanceof DocumentTemplateError) return templateFailure(reply, error);
        throw error;
      }
      return sendPdf(
        reply,
        pdf,
        contentDisposition(built.fileName, {
          type: personal.type,
          fallback: asciiFileName(built.fileName),
        }),
        personal.cache,
      );
    },
  );
}

/** Storage-key prefix of a customer information (served by its print product code). */
const CUSTOMER_INFORMATION = 'kundeninformation/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const contractDocumentParams = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    dokumentId: { type: 'string', minLength: 1, maxLength: 64 },
  },
  required: ['id', 'dokumentId'],
  additionalProperties: false,
} as const;

/** A file name with only printable ASCII (the Content-Disposition fallback of old clients). */
export function asciiFileName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\x20-\x7e]/g, '_');
}

/** A document of the contract by its id (an id that is no UUID is missing too), or null. */
async function contractDocumentOf(context: RouteContext, row: ContractRow, id: string) {
  if (!UUID.test(id)) return null;
  const [document] = await context.db
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.versicherungsNummer, row.versicherungsNummer)));
  return document ?? null;
}

/** The contract's agent (name and number), else null. */
async function agentOf(context: RouteContext, vermittlerNummer: string | null) {
  if (!vermittlerNummer) return null;
  const [agent] = await context.db
    .select({ name: agents.name, vermittlerNummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.vermittlerNummer, vermittlerNummer));
  return agent ?? null;
}

/** The signed-in agent who advises (name and number), else null. */
async function advisorOf(context: RouteContext, identity: Identity | null) {
  if (identity?.role !== 'vermittler') return null;
  const [agent] = await context.db
    .select({ name: agents.name, vermittlerNummer: agents.vermittlerNummer })
    .from(agents)
    .where(eq(agents.vermittlerNummer, identity.vermittlerNummer));
  return agent ?? null;
}

/** The customer a document is for (name and number), when the caller names one. */
async function customerOf(context: RouteContext, partnerNummer: string | null) {
  if (!partnerNummer) return null;
  const [partner] = await context.db
    .select({
      vorname: partners.vorname,
      nachname: partners.nachname,
      firmenname: partners.firmenname,
    })
    .from(partners)
    .where(eq(partners.partnerNummer, partnerNummer));
  if (!partner) return null;
  return { name: partner.firmenname ?? `${partner.vorname} ${partner.nachname}`, partnerNummer };
}
