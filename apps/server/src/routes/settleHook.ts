import type { FastifyInstance, FastifyRequest } from 'fastify';
import { issueDue, type IssueContext } from '../applications/issue.ts';
import { createSettlement, type SettleScope } from '../contracts/settle.ts';
import type { Db } from '../db/database.ts';
import type { ChangeCatalogue } from '../contracts/changeCatalogue.ts';
import type { TariffCatalogue } from '../tariffs/index.ts';
import { VERTRAG_BASE } from './vertragRead.ts';

/** What settling needs from the server. */
export interface SettleOptions {
  db: Db;
  tariffs: TariffCatalogue;
  /** The change kinds whose pending changes it applies. */
  kinds: ChangeCatalogue;
  today: () => string;
  /** Milliseconds between sweeps; 0 sweeps only at start and when a request starts a new day. */
  intervalMs: number;
  /** Whether this process is the database's one writer (PGlite): see createSettlement. */
  oneWriter: boolean;
  /** Issuing submitted applications whose day has come, before the contracts are settled. */
  issue?: IssueContext;
}

const text = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/**
 * The contracts a request concerns, from its route: a contract's calls (read, quotes, saves, ends,
 * documents) name it, the contract list and an agent's customer name the partner, and the
 * application service names the contract of a flow for existing contracts in its path or body.
 */
export function settleScopeOf(request: FastifyRequest): SettleScope | null {
  const route = request.routeOptions.url ?? '';
  const params = (request.params ?? {}) as Record<string, unknown>;
  const body = (request.body ?? {}) as Record<string, unknown>;
  const contract = (value: unknown) => {
    const id = text(value);
    return id ? { contract: id } : null;
  };
  const partner = (value: unknown) => {
    const id = text(value);
    return id ? { partner: id } : null;
  };
  if (route === `${VERTRAG_BASE}/findByPartnerNummer/:id`) return partner(params['id']);
  if (route === `${VERTRAG_BASE}/confirmation/:partner/:contract`)
    return contract(params['contract']);
  if (route.startsWith(`${VERTRAG_BASE}/:id`)) return contract(params['id']);
  if (route === '/api/vermittler/kunden/:partnerNummer') return partner(params['partnerNummer']);
  if (route === '/api/antrag/:flow/vertrag/:id') return contract(params['id']);
  if (route.startsWith('/api/antrag/:flow')) return contract(body['vertragsNummer']);
  return null;
}

/**
 * Pending changes, expiring contracts and revenue reminders take effect on their day (see
 * contracts/settle.ts): every request that concerns contracts settles them before it is handled
 * (after its body is validated), a sweep settles all contracts at start and every `intervalMs`,
 * so events are written when no one asks. On close a running sweep stops after the contract it is
 * settling, and the server closes then: the rest stays due for another process (a SIGTERM never
 * leaves a contract half-settled, as each is one transaction). A request
 * pays one small query per concerned contract, never the sweep (on PGlite, after today's sweep,
 * nothing). A failed settlement is logged and tried again; the request is answered.
 */
export function installSettlement(app: FastifyInstance, options: SettleOptions): void {
  const log = (error: unknown, message: string) => app.log.error({ err: error }, message);
  const issue = options.issue;
  const settlement = createSettlement(
    options.db,
    { tariffs: options.tariffs, kinds: options.kinds },
    options.today,
    log,
    options.oneWriter,
    issue
      ? async (day, scope) => {
          await issueDue(options.db, issue, day, scope, (error, id) =>
            log(error, `issuing application ${id} failed`),
          );
        }
      : undefined,
  );
  app.addHook('preHandler', async (request) => {
    const scope = settleScopeOf(request);
    if (!scope) return;
    await settlement.before(scope).catch((error: unknown) => {
      request.log.error({ err: error }, 'settling due contract changes failed');
    });
  });
  const sweep = () => {
    settlement.sweep().catch((error: unknown) => app.log.error({ err: error }, 'settling failed'));
  };
  app.addHook('onReady', async () => sweep());
  let timer: NodeJS.Timeout | null = null;
  if (options.intervalMs > 0) {
    timer = setInterval(sweep, options.intervalMs);
    timer.unref();
  }
  app.addHook('preClose', async () => {
    if (timer) clearInterval(timer);
    settlement.stop();
    await settlement.idle();
  });
}
