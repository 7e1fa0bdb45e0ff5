// Load benchmark of the reference backend (not a pass/fail test): a contract read and a premium
// calculation at fixed rates, then a short step search for the highest fixed rate that keeps
// p99 <= 50 ms, then an overload of 3,000 requests/s (the share answered 503 with Retry-After by
// the load shedding, the p99 of the rest, the server's RSS before and after). Starts its own
// server on a free loopback port as `npm start` does (load shedding on; PGlite in a temporary
// directory, and PostgreSQL too when DATABASE_URL is set), sends traffic only to 127.0.0.1, stops
// it again.
// Usage: node scripts/bench-server.mjs [--duration 10] [--rates 200,500] [--step 3]
//        [--overload 3000] [--overload-seconds 10]
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const HOST = '127.0.0.1';
const CONTRACT = 'AS-10000101';
const HEADERS = { 'x-test-partner': '2000101', 'content-type': 'application/json' };
const P99_LIMIT_MS = 50;
const SEARCH_RATES = [100, 200, 400, 800, 1200, 1600, 2400];

const { values } = parseArgs({
  options: {
    child: { type: 'boolean', default: false },
    duration: { type: 'string', default: '10' },
    rates: { type: 'string', default: '200,500' },
    step: { type: 'string', default: '5' },
    overload: { type: 'string', default: '3000' },
    'overload-seconds': { type: 'string', default: '10' },
  },
});

function startServer(env) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), '--child'], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error('server did not start within 120 s'));
    }, 120_000);
    child.stdout.on('data', (chunk) => {
      const match = /PORT (\d+)/.exec(String(chunk));
      if (match) {
        clearTimeout(timer);
        resolve({ child, port: Number(match[1]) });
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code}`));
    });
  });
}

function stopServer(child) {
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

function scenarios(port) {
  const today = new Date().toISOString().slice(0, 10);
  const base = `http://${HOST}:${port}/api/vertrag/vertrag/${CONTRACT}`;
  return [
    { name: 'Vertrag lesen (GET)', url: base, method: 'GET' },
    {
      name: 'Beitrag berechnen (POST zahlweise)',
      url: `${base}/beitrag/zahlweise`,
      method: 'POST',
      body: JSON.stringify({
        versicherungsNummer: CONTRACT,
        wirksamkeitsdatum: today,
        zahlweise: 'JAEHRLICH',
      }),
    },
  ];
}

async function run(scenario, rate, seconds) {
  const result = await autocannon({
    url: scenario.url,
    method: scenario.method,
    headers: HEADERS,
    body: scenario.body,
    connections: 20,
    overallRate: rate,
    duration: seconds,
  });
  return {
    rate,
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/** The resident memory of a process in MB (Linux /proc), or null elsewhere. */
function rssMb(pid) {
  try {
    const kb = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb ? Math.round(Number(kb) / 1024) : null;
  } catch {
    return null;
  }
}

const percentile = (sorted, p) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];

/**
 * Offers `rate` requests/s for `seconds` with many connections: counts the answers by status,
 * the p99 of those not shed, and (by a request every 100 ms beside the load) whether a 503
 * carries Retry-After.
 */
async function overload(scenario, rate, seconds, pid) {
  const before = rssMb(pid);
  const byStatus = new Map();
  const served = [];
  const instance = autocannon({
    url: scenario.url,
    method: scenario.method,
    headers: HEADERS,
    body: scenario.body,
    connections: 300,
    overallRate: rate,
    duration: seconds,
    timeout: 10,
  });
  instance.on('response', (_client, status, _bytes, ms) => {
    byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
    if (status !== 503) served.push(ms);
  });
  let probes = 0;
  let shedProbes = 0;
  let withRetryAfter = 0;
  const probing = setInterval(() => {
    fetch(scenario.url, { method: scenario.method, headers: HEADERS, body: scenario.body })
      .then((response) => {
        probes += 1;
        if (response.status === 503) {
          shedProbes += 1;
          if (/^\d+$/.test(response.headers.get('retry-after') ?? '')) withRetryAfter += 1;
        }
        return response.arrayBuffer();
      })
      .catch(() => undefined);
  }, 100);
  const result = await instance;
  clearInterval(probing);
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const after = rssMb(pid);
  const answered = [...byStatus.values()].reduce((a, b) => a + b, 0);
  const shed = byStatus.get(503) ?? 0;
  served.sort((a, b) => a - b);
  const ok = [...byStatus.entries()]
    .filter(([status]) => status >= 200 && status < 300)
    .reduce((sum, [, n]) => sum + n, 0);
  return {
    offered: rate * seconds,
    answered,
    ok,
    shed,
    share: answered ? ((100 * shed) / answered).toFixed(1) : '0.0',
    timeouts: result.timeouts,
    errors: result.errors,
    p99: Math.round(percentile(served, 0.99)),
    p50: Math.round(percentile(served, 0.5)),
    retryAfter: `${withRetryAfter}/${shedProbes} shed probes (of ${probes})`,
    before,
    after,
  };
}

const line = (label, r) =>
  `  ${label.padEnd(38)} -R ${String(r.rate).padStart(5)}: ${String(r.rps).padStart(5)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, errors ${r.errors}`;

async function bench(kind, env) {
  process.stdout.write(`\n${kind}\n`);
  const { child, port } = await startServer(env);
  try {
    for (const scenario of scenarios(port)) {
      await run(scenario, 200, 3); // warm-up: JIT, caches, connection pool
      for (const rate of values.rates.split(',').map(Number)) {
        process.stdout.write(
          `${line(scenario.name, await run(scenario, rate, Number(values.duration)))}\n`,
        );
      }
      let best = null;
      for (const rate of SEARCH_RATES) {
        const r = await run(scenario, rate, Number(values.step));
        // Stop when the server no longer keeps up; a single noisy p99 below that does not stop
        // the search (on two shared cores one slow sample decides a short run's p99).
        if (r.errors > 0 || r.rps < rate * 0.9) break;
        if (r.p99 <= P99_LIMIT_MS) best = r;
      }
      process.stdout.write(
        `  ${scenario.name.padEnd(38)} highest fixed rate with p99 <= ${P99_LIMIT_MS} ms: ${best ? `${best.rate} req/s (p99 ${best.p99} ms)` : `below ${SEARCH_RATES[0]} req/s`}\n`,
      );
    }
    const rate = Number(values.overload);
    const seconds = Number(values['overload-seconds']);
    // The two above, and a read that no cache answers (the customer's claims).
    const uncached = {
      name: 'Schäden lesen (GET, ohne Cache)',
      url: `http://${HOST}:${port}/api/portal/schaeden`,
      method: 'GET',
    };
    for (const scenario of [...scenarios(port), uncached]) {
      const o = await overload(scenario, rate, seconds, child.pid);
      process.stdout.write(
        `  ${scenario.name.padEnd(38)} overload ${rate} req/s for ${seconds} s: ${o.answered} answered (${o.ok} 2xx), 503 ${o.share}% (${o.shed}; Retry-After on ${o.retryAfter}), time-outs ${o.timeouts}, errors ${o.errors}; the rest p50 ${o.p50} ms, p99 ${o.p99} ms; RSS ${o.before ?? '?'} -> ${o.after ?? '?'} MB\n`,
      );
    }
  } finally {
    await stopServer(child);
  }
}

async function main() {
  const deadline = setTimeout(() => {
    process.stderr.write('bench-server: time limit of 15 minutes reached\n');
    process.exit(2);
  }, 15 * 60_000);
  const dir = mkdtempSync(join(tmpdir(), 'bench-pglite-'));
  try {
    await bench('PGlite', { DATABASE_URL: '', BENCH_PGLITE_DIR: dir });
    if (process.env['DATABASE_URL']) await bench('PostgreSQL (DATABASE_URL)', {});
  } finally {
    rmSync(dir, { recursive: true, force: true });
    clearTimeout(deadline);
  }
}

if (values.child) {
  // The server process: test authentication on, bound to loopback, port chosen by the system.
  const { register } = await import('tsx/esm/api');
  register();
  const { buildServer } = await import('../apps/server/src/app.ts');
  const app = await buildServer({
    databaseUrl: process.env['DATABASE_URL'] || undefined,
    dataDir: process.env['BENCH_PGLITE_DIR'],
    seed: true,
    testAuth: true,
    logger: false,
    // As `npm start` sheds, except the per-client cap: the one load generator stands for many
    // clients, and its 300 connections from one address would otherwise measure the 429s.
    loadShedding: { maxInFlightPerClient: Number.POSITIVE_INFINITY },
  });
  await app.listen({ host: HOST, port: 0 });
  const address = app.server.address();
  process.stdout.write(`PORT ${typeof address === 'object' && address ? address.port : 0}\n`);
  process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
} else {
  await main();
}
