// `npm run bench`: the figures of /work/shared/BENCHMARKS.md, printed, never pass/fail.
// 1. Typing in a long step: each contender's page built alone (bench/pages/<name>/) and served by
//    `vite preview`; script and task ms per keystroke, and whether fast typing keeps every character.
// 2. Size of a wizard route: the real app built and served by the real server; every JavaScript
//    file the page requests, gzip level 9.
// 3. definitions:check time over all definitions.
// `npm run bench -- --typing` runs the typing part alone (with its profile).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildPage, hasAjv8Validator, servePage } from '../bench/build.mjs';
import { launchBrowser } from '../bench/browser.mjs';
import { burstTyping, pacedTyping, TEXT } from '../bench/typing.mjs';
import { moduleRegions, summariseProfile } from '../bench/profile.mjs';
import { routeScripts, startServer } from '../bench/size.mjs';
import { measurePageLoad, THROTTLING } from '../bench/pageLoad.mjs';
import { measureWizardRoutes } from '../bench/routes.mjs';

const SIZES = [2, 200];
const ROUNDS = 3;
const TYPING_ONLY = process.argv.includes('--typing');
const TARGET_MS = 2.0;
// The page loads measured under throttling: label, path, the element that counts as "first input".
const PAGE_LOADS = [
  ['bike application', '/antrag/fahrrad', 'form.wizard-step input, form.wizard-step select'],
  ['home page', '/', 'main h1'],
];
// `npm run bench -- --only=load`: only the build, the route sizes and the page loads.
const ONLY_LOAD = process.argv.includes('--only=load');
const realValidator = hasAjv8Validator();
const CONTENDERS = [
  { name: 'ours', label: 'ours (Wizard)' },
  { name: 'rjsf', label: realValidator ? 'rjsf' : 'rjsf*' },
  { name: 'rjsf-live', label: realValidator ? 'rjsf liveValidate' : 'rjsf* liveValidate' },
  { name: 'react', label: 'plain React (floor)' },
];

const started = performance.now();
const work = mkdtempSync(join(tmpdir(), 'bench-'));
const cleanups = [];
const out = (line = '') => process.stdout.write(`${line}\n`);
const fmt = (ms, digits = 2) => (ms === undefined ? '–' : ms.toFixed(digits));
const pad = (text, width) => String(text).padEnd(width);
const lpad = (text, width) => String(text).padStart(width);
const median = (list) => {
  const sorted = [...list].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};
const elapsed = () => `${((performance.now() - started) / 1000).toFixed(0)} s`;

function run(command, args) {
  const result = spawnSync(command, args, { encoding: 'utf8', env: process.env });
  if (result.status !== 0 && !/definitionsCheck/.test(args.join(' ')))
    throw new Error(`${command} ${args.join(' ')} failed:\n${result.stderr}${result.stdout}`);
  return result;
}

async function cleanup() {
  for (const fn of cleanups.reverse()) {
    try {
      await fn();
    } catch {
      // best effort: the rest still runs
    }
  }
  cleanups.length = 0;
  rmSync(work, { recursive: true, force: true });
}
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, () => void cleanup().then(() => process.exit(130)));

async function typingSection(browser) {
  out('## 1. Typing in a long step');
  out(
    `(${TEXT.length} characters into the first field, 150 ms between keys; CDP Performance.getMetrics;`,
  );
  out(' the first field is left once before typing, so ours validates and shows its errors live;');
  out(
    ' ours runs the step with rules: required, requiredWhen, if/then, irrelevantWhen, a constraint',
  );
  out(' and a later step whose visibleWhen read the typed field)');
  const flowsDir = join(work, 'flows');
  run(process.execPath, [
    '--import',
    'tsx',
    'bench/flow/generate.ts',
    flowsDir,
    ...SIZES.map(String),
  ]);
  const servers = {};
  for (const c of CONTENDERS) {
    const dir = join(work, 'pages', c.name);
    const ms = await buildPage(c.name, dir, { flowsDir });
    const server = await servePage(dir);
    cleanups.push(server.close);
    servers[c.name] = server.url;
    out(`built ${pad(c.name, 10)} in ${lpad(fmt(ms / 1000, 1), 4)} s, served at ${server.url}`);
  }
  if (!realValidator)
    out(
      '* @rjsf/validator-ajv8 is not installed: the rjsf pages use bench/pages/shared/ajv8Fallback.ts',
    );

  out();
  out("Fast typing (no pause), then the first field read from the engine's own state:");
  const burst = {};
  for (const c of CONTENDERS) {
    for (const n of SIZES) {
      const result = await burstTyping(browser, servers[c.name], n);
      burst[`${c.name}/${n}`] = result.ok;
      const kept =
        result.state === TEXT
          ? TEXT.length
          : [...TEXT].findIndex((ch, i) => result.state[i] !== ch);
      out(
        `  ${pad(c.label, 20)} n=${pad(n, 4)} ${result.ok ? 'all 60 kept' : `LOST: state has ${kept < 0 ? result.state.length : kept}/60 in order ("${result.state.slice(0, 70)}"), DOM "${result.dom.slice(0, 70)}"`}${result.stateImmediately ? '' : ' (saved after the typing pause)'}`,
      );
    }
  }

  out();
  out('Paced typing, ms per keystroke:');
  const results = {};
  for (let round = 1; round <= ROUNDS; round++) {
    const order = CONTENDERS.map((_, i) => CONTENDERS[(i + round - 1) % CONTENDERS.length]);
    for (const c of order) {
      const sizes = round % 2 ? SIZES : [...SIZES].reverse();
      for (const n of sizes) {
        const r = await pacedTyping(browser, servers[c.name], n);
        (results[`${c.name}/${n}`] ??= []).push(r);
        out(
          `  round ${round}  ${pad(c.label, 20)} n=${pad(n, 4)} script ${lpad(fmt(r.scriptMs), 6)}  task ${lpad(fmt(r.taskMs), 6)}  kept ${r.kept}/60   [${elapsed()}]`,
        );
      }
    }
  }

  out();
  out('Medians of the rounds (script / task ms per keystroke; ratio = script against the floor):');
  out(
    `  ${pad('contender', 20)} ${SIZES.map((n) => `${lpad(`n=${n} script`, 14)} ${lpad('task', 7)} ${lpad('ratio', 6)}`).join('  ')}  keystrokes`,
  );
  const medians = {};
  for (const c of CONTENDERS) {
    for (const n of SIZES) {
      const list = results[`${c.name}/${n}`];
      medians[`${c.name}/${n}`] = {
        script: median(list.map((r) => r.scriptMs)),
        task: median(list.map((r) => r.taskMs)),
        kept: list.every((r) => r.kept === TEXT.length) && burst[`${c.name}/${n}`],
      };
    }
  }
  for (const c of CONTENDERS) {
    const cells = SIZES.map((n) => {
      const m = medians[`${c.name}/${n}`];
      const floor = medians[`react/${n}`];
      return `${lpad(fmt(m.script), 14)} ${lpad(fmt(m.task), 7)} ${lpad(`${fmt(m.script / floor.script)}x`, 6)}`;
    });
    const kept = SIZES.every((n) => medians[`${c.name}/${n}`].kept);
    out(`  ${pad(c.label, 20)} ${cells.join('  ')}  ${kept ? 'all kept' : 'SOME LOST'}`);
  }
  return { medians, flowsDir };
}

async function profileSection(browser, flowsDir, medians) {
  const ours = medians[`ours/200`];
  out();
  if (ours.script <= TARGET_MS) {
    out(`## Profile: ours at n=200 is within ${TARGET_MS} ms per key; no profile taken`);
    return;
  }
  out(
    `## Profile: ours at n=200 takes ${fmt(ours.script)} ms script per key (target ${TARGET_MS})`,
  );
  out('(unminified build of the same page, CPU profile at 100 µs during paced typing; the');
  out(' profiler itself adds overhead, so read the shares, not the absolute sum)');
  const dir = join(work, 'pages', 'ours-profile');
  await buildPage('ours', dir, { flowsDir, minify: false });
  const server = await servePage(dir);
  cleanups.push(server.close);
  const r = await pacedTyping(browser, server.url, 200, { profile: true });
  const summary = summariseProfile(r.profile, moduleRegions(dir), TEXT.length);
  out(
    `busy ${fmt(summary.busyPerKey)} ms per key sampled, of which GC ${fmt(summary.gcPerKey)} ms`,
  );
  out('Top self time by function:');
  for (const f of summary.functions.slice(0, 15))
    out(`  ${lpad(fmt(f.perKey, 3), 6)} ms/key ${lpad(fmt(f.share * 100, 1), 5)}%  ${f.name}`);
  out('Self time by module:');
  for (const m of summary.modules.slice(0, 12))
    out(`  ${lpad(fmt(m.perKey, 3), 6)} ms/key ${lpad(fmt(m.share * 100, 1), 5)}%  ${m.name}`);
  out("Inclusive time of the renderer's own steps:");
  for (const [name, ms] of summary.inclusive) out(`  ${lpad(fmt(ms, 3), 6)} ms/key  ${name}`);
}

async function sizeSection(browser) {
  out();
  out('## 2. Size of a wizard route and loading on a slow phone');
  out('(real app built by `npm run build`, served by the real server as `npm start` runs it)');
  run('npm', ['run', '--silent', 'build']);
  let server;
  try {
    server = await startServer();
  } catch (error) {
    out(
      `  the server did not start, no size figures: ${String(error.message).split('\n').slice(0, 6).join(' | ')}`,
    );
    return {};
  }
  cleanups.push(server.stop);
  const totals = {};

  out();
  out('JavaScript every wizard route requests (gzip -9 of each JS response, KB), all routes:');
  out('until its first input shows (what the step needs), and in all once the network is idle');
  const rows = await measureWizardRoutes(browser, server.url);
  for (const row of rows) {
    out(
      `  ${pad(row.kind, 12)} ${pad(row.path, 44)} ${lpad(fmt(row.kb, 1), 7)} KB  ${lpad(fmt(row.kbAll, 1), 7)} KB in all  ${row.files.length} files${row.problems.length ? `  (${row.problems[0]})` : ''}`,
    );
  }
  for (const kind of ['application', 'claim', 'self-service']) {
    const heaviest = rows.filter((row) => row.kind === kind).sort((a, b) => b.kb - a.kb)[0];
    if (!heaviest) continue;
    totals[kind] = heaviest;
    out();
    out(
      `  heaviest ${kind} route ${heaviest.path}: ${fmt(heaviest.kb, 1)} KB gzip until its first input shows, ${fmt(heaviest.kbAll, 1)} KB in all`,
    );
    for (const f of heaviest.files)
      out(
        `    ${lpad(fmt(f.gzip / 1024, 1), 7)} KB gzip ${lpad(fmt(f.raw / 1024, 1), 8)} KB raw  ${f.file}${f.encoding === 'identity' ? '' : ` (served ${f.encoding})`}${f.beforeShown ? '' : ' (after the first input)'}`,
      );
  }
  const home = await routeScripts(browser, `${server.url}/`, { waitFor: 'h1' });
  totals.home = home.files.reduce((sum, f) => sum + f.gzip, 0) / 1024;
  out(`  home page /: ${fmt(totals.home, 1)} KB gzip, ${home.files.length} files`);

  out();
  out(
    `Page load, CPU ${THROTTLING.cpuRate}x slower, ${fmt((THROTTLING.downloadBytesPerSecond * 8) / 1024 / 1024, 1)} Mbit/s down, ${THROTTLING.latencyMs} ms RTT, cache off; ${ROUNDS} runs (ms, KB transferred):`,
  );
  for (const [label, path, selector] of PAGE_LOADS) {
    const runs = [];
    for (let i = 1; i <= ROUNDS; i++) {
      try {
        const r = await measurePageLoad(browser, `${server.url}${path}`, selector);
        runs.push(r);
        out(
          `  run ${i}  ${pad(label, 18)} first paint ${lpad(fmt(r.firstPaint, 0), 5)}  largest paint ${lpad(fmt(r.largestPaint, 0), 5)}  first input ${lpad(fmt(r.inputVisible, 0), 5)}  ${lpad(fmt(r.bytes / 1024, 0), 5)} KB in ${r.requests} requests   [${elapsed()}]`,
        );
      } catch (error) {
        out(`  run ${i}  ${pad(label, 18)} failed: ${String(error.message).split('\n')[0]}`);
      }
    }
    if (!runs.length) continue;
    const m = (key) => median(runs.map((r) => r[key]).filter((v) => v !== undefined));
    totals[label] = {
      firstPaint: m('firstPaint'),
      largestPaint: m('largestPaint'),
      inputVisible: m('inputVisible'),
      kb: m('bytes') / 1024,
    };
    const t = totals[label];
    out(
      `  median ${pad(label, 18)} first paint ${lpad(fmt(t.firstPaint, 0), 5)}  largest paint ${lpad(fmt(t.largestPaint, 0), 5)}  first input ${lpad(fmt(t.inputVisible, 0), 5)}  ${lpad(fmt(t.kb, 0), 5)} KB`,
    );
  }
  return totals;
}

function checkSection() {
  out();
  out('## 3. definitions:check (npx tsx codegen/cli/definitionsCheck.ts, 3 runs)');
  const times = [];
  for (let i = 1; i <= 3; i++) {
    const result = run('npx', ['tsx', 'codegen/cli/definitionsCheck.ts']);
    const line = result.stdout.trim().split('\n').pop() ?? '';
    const ms = Number(/(\d+) ms/.exec(line)?.[1]);
    times.push(ms);
    out(`  run ${i}: ${line}${result.status === 0 ? '' : ` (exit ${result.status})`}`);
  }
  return median(times);
}

let browser;
try {
  out(`# npm run bench (${new Date().toISOString()}, node ${process.version})`);
  out();
  browser = await launchBrowser();
  cleanups.push(() => browser.close());
  const typing = ONLY_LOAD ? undefined : await typingSection(browser);
  if (typing) await profileSection(browser, typing.flowsDir, typing.medians);
  const sizes = TYPING_ONLY ? {} : await sizeSection(browser);
  const checkMs = ONLY_LOAD || TYPING_ONLY ? undefined : checkSection();

  out();
  out(`## Summary (${elapsed()})`);
  const row = (what, figure, target) => out(`  ${pad(what, 44)} ${lpad(figure, 14)}   ${target}`);
  row('figure', 'this run', 'target (BENCHMARKS.md)');
  if (typing) {
    const { medians } = typing;
    const ours = medians['ours/200'];
    const floor = medians['react/200'];
    for (const c of CONTENDERS)
      row(
        `typing n=200, ${c.label}, script ms/key`,
        fmt(medians[`${c.name}/200`].script),
        c.name === 'ours' ? `<= ${TARGET_MS}` : '',
      );
    row('typing n=200, ours against the floor', `${fmt(ours.script / floor.script)}x`, '<= 1.3x');
    row(
      'typing n=2, ours against the floor',
      `${fmt(medians['ours/2'].script / medians['react/2'].script)}x`,
      '',
    );
    row(
      'keystrokes kept, ours (n=2 and n=200)',
      medians['ours/2'].kept && ours.kept ? 'all' : 'SOME LOST',
      'all',
    );
  }
  for (const kind of ['application', 'claim', 'self-service'])
    if (sizes[kind]) {
      row(`heaviest ${kind} JS to first input, KB`, fmt(sizes[kind].kb, 1), '<= 175');
      row(`  the same route, all its JS, KB`, fmt(sizes[kind].kbAll, 1), '');
    }
  if (sizes.home !== undefined) row('home page JS, KB gzip', fmt(sizes.home, 1), '');
  for (const [label] of PAGE_LOADS) {
    const t = sizes[label];
    if (!t) continue;
    row(`${label}: first paint, ms`, fmt(t.firstPaint, 0), '');
    row(`${label}: largest paint, ms`, fmt(t.largestPaint, 0), '');
    row(
      `${label}: first input visible, ms`,
      fmt(t.inputVisible, 0),
      label === 'bike application' ? '<= 3000' : '',
    );
    row(`${label}: transferred, KB`, fmt(t.kb, 0), '');
  }
  if (checkMs !== undefined) row('definitions:check, median ms', String(checkMs), '< 2000');
} finally {
  await cleanup();
}

// 4. The server: autocannon at fixed rates against a started server, on PGlite and (with
// DATABASE_URL) on PostgreSQL; it prints its own figures.
if (!ONLY_LOAD && !TYPING_ONLY) {
  out();
  out('## 4. The server (scripts/bench-server.mjs)');
  spawnSync(process.execPath, ['scripts/bench-server.mjs'], { stdio: 'inherit', env: process.env });
}
