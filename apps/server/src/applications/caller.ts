import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Authenticate, Identity } from '../auth/index.ts';
import { agentOf, maySeePartner } from '../auth/visibility.ts';
import type { CheckContext, ServerFlow } from '../flows/flowAnswers.ts';
import { marketOf } from '../platform/brands.ts';
import type { ContractView } from '../contracts/contractView.ts';
import { partners, type Brand } from '../db/schema/index.ts';
import { VALIDATION_MESSAGE } from '../http/errors.ts';
import type { GuardedOutcome } from '../idempotency/guard.ts';
import type { Db } from '../db/database.ts';
import { contractForFlow, isContractFound } from './contract.ts';

/** What deciding the caller needs of the server: its database and how it authenticates. */
export interface CallerContext {
  db: Db;
  authenticate: Authenticate;
}

/** The brand of a public application that names none. */
export const DEFAULT_BRAND: Brand = 'andsafe';

/** What the generic application calls send besides the answers; null means "not given". */
export interface CallerBody {
  variante?: string | null;
  marke?: Brand | null;
  partnerNummer?: string | null;
  /** The contract a flow for existing contracts (`forContracts`) changes. */
  vertragsNummer?: string | null;
}

/** Who applies, for whom, in which variant and under which brand. */
export interface Caller {
  /** The signed-in caller; null for a public application. */
  identity: Identity | null;
  /** The flow's variant (null for a flow without variants). */
  variant: string | null;
  brand: Brand;
  /** The customer the application is for (an agent's customer, a signed-in customer), else null. */
  partnerNummer: string | null;
  /** The contract a flow for existing contracts runs for (customer view), else null. */
  contract: ContractView | null;
  /** The route parameters of the variant as the browser had them (partner and contract number). */
  route: Record<string, string>;
}

const failure = (status: number, error: string, message: string): GuardedOutcome => ({
  status,
  body: { error, message },
});

const fieldFailure = (path: string, keyword: string, message: string): GuardedOutcome => ({
  status: 400,
  body: {
    error: 'validation',
    message: VALIDATION_MESSAGE,
    fieldErrors: [{ path, keyword, message }],
  },
});

/** 404 of a customer who is missing or not the caller's: one status, one body. */
export const CUSTOMER_NOT_FOUND = failure(
  404,
  'not-found',
  'Diesen Kunden haben wir nicht gefunden.',
);

/** 404 of a flow that is not offered (no such flow, not for this brand). */
export const FLOW_NOT_FOUND = failure(404, 'not-found', 'Diesen Antrag gibt es leider nicht.');

async function brandOf(
  context: CallerContext,
  identity: Identity | null,
  partnerNummer: string | null,
  named: Brand | null | undefined,
): Promise<Brand> {
  if (partnerNummer) {
    const [partner] = await context.db
      .select({ brand: partners.brand })
      .from(partners)
      .where(eq(partners.partnerNummer, partnerNummer));
    if (partner) return partner.brand;
  }
  if (identity?.role === 'vermittler')
    return (await agentOf(context.db, identity.vermittlerNummer))?.brand ?? DEFAULT_BRAND;
  return named ?? DEFAULT_BRAND;
}

/**
 * Decides who calls a flow's application endpoints, from the definition alone: the variant must
 * be one of the flow's; a variant without the claimant role needs a signed-in caller of its roles;
 * a variant whose route names `{partnerNummer}` needs the customer, whom the caller must be allowed
 * to see. The brand is the customer's, else the agent's, else the one the browser is on (`marke`),
 * and the flow must be offered under it. A flow offered for existing contracts needs the contract
 * (`vertragsNummer`), which must be the customer's and of the flow's products (contract.ts).
 * Answers the caller, or the response to send instead.
 */
export async function resolveCaller(
  context: CallerContext,
  flow: ServerFlow,
  request: FastifyRequest,
  body: CallerBody,
): Promise<Caller | GuardedOutcome> {
  const { definition } = flow;
  const identity = await context.authenticate(request);
  // A token that is sent must be valid: only a call without one is a public application.
  if (!identity && request.headers.authorization !== undefined)
    return failure(401, 'unauthorized', 'Bitte melden Sie sich an.');
  const variants = definition.variants ?? [];
  const variant = variants.find((v) => v.id === body.variante) ?? null;
  if (variants.length > 0 ? !variant : body.variante !== undefined && body.variante !== null)
    return fieldFailure('/body/variante', 'enum', common.validation.enum);
  const roles: readonly string[] = variant?.roles ?? definition.roles;
  if (!roles.includes('claimant')) {
    if (!identity) return failure(401, 'unauthorized', 'Bitte melden Sie sich an.');
    if (!roles.includes(identity.role)) return CUSTOMER_NOT_FOUND;
  }
  const baseRoute = variant?.baseRoute ?? definition.baseRoute;
  if (baseRoute.includes('{partnerNummer}') && !body.partnerNummer)
    return fieldFailure('/body/partnerNummer', 'required', common.validation.required);
  let partnerNummer: string | null = null;
  if (body.partnerNummer) {
    if (!identity || !(await maySeePartner(context.db, identity, body.partnerNummer)))
      return CUSTOMER_NOT_FOUND;
    partnerNummer = body.partnerNummer;
  } else if (identity?.role === 'benutzer') {
    partnerNummer = identity.partnerNummer;
  }
  const brand = await brandOf(context, identity, partnerNummer, body.marke);
  if (!definition.brands.includes(brand)) return FLOW_NOT_FOUND;
  const route: Record<string, string> = partnerNummer ? { partnerNummer } : {};
  const offer = definition.forContracts;
  if (!offer) {
    if (body.vertragsNummer)
      return fieldFailure(
        '/body/vertragsNummer',
        'additionalProperties',
        common.validation.additionalProperties,
      );
    return { identity, variant: variant?.id ?? null, brand, partnerNummer, contract: null, route };
  }
  if (!body.vertragsNummer)
    return fieldFailure('/body/vertragsNummer', 'required', common.validation.required);
  // The meta-schema check keeps such flows from public variants: a caller is signed in here.
  if (!identity || !partnerNummer) return failure(401, 'unauthorized', 'Bitte melden Sie sich an.');
  const found = await contractForFlow(
    context.db,
    flow,
    identity,
    partnerNummer,
    body.vertragsNummer,
  );
  if (!isContractFound(found)) return found;
  route[offer.routeParam] = body.vertragsNummer;
  return {
    identity,
    variant: variant?.id ?? null,
    brand,
    partnerNummer,
    contract: found.contract,
    route,
  };
}

/** Narrows the result of {@link resolveCaller}. */
export const isCaller = (value: Caller | GuardedOutcome): value is Caller =>
  'brand' in value && 'identity' in value;

/**
 * The rule context the answers are checked in, as the browser builds it for the variant, with the
 * caller's brand and its market (postcodes, payment methods, currency).
 */
export function ruleContextOf(caller: Caller, today: string): CheckContext {
  return {
    variant: caller.variant,
    brand: caller.brand,
    market: marketOf(caller.brand),
    role: caller.identity?.role ?? 'claimant',
    route: caller.route,
    entry: {},
    today,
    ...(caller.contract ? { contract: caller.contract } : {}),
  };
}
