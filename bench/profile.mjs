// Summarises a CDP CPU profile of the unminified "ours" page: self time by function and by source
// module (rolldown starts each module of an unminified bundle with a `// <path>` line).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const IDLE = new Set(['(idle)', '(program)', '(root)']);

/** Functions whose inclusive time tells where a keystroke goes in our renderer. */
const STEPS = [
  ['setField', 'controller.setField (whole keystroke in the store)'],
  ['dispatch', 'controller.dispatch'],
  ['transition', 'engine transition'],
  [
    'BUILDING_BLOCK_recomputeInvalidatedAtoms',
    'jotai: recompute atoms invalidated by the state atom',
  ],
  ['saveState', 'persistence.saveState (JSON + sessionStorage)'],
  ['revalidate', 'controller.revalidate'],
  ['stepProblems', 'stepProblems (normalise + validate the whole step)'],
  ['performWorkOnRoot', 'React render + commit'],
  ['FieldSlot', 'FieldSlot render'],
  ['StepView', 'StepView render'],
];

/** Line ranges of each module in the built bundles of a page, by script file name. */
export function moduleRegions(outDir) {
  const regions = new Map();
  const assets = join(outDir, 'assets');
  for (const name of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
    const lines = readFileSync(join(assets, name), 'utf8').split('\n');
    const list = [];
    lines.forEach((line, i) => {
      const match = /^\/\/ (\S*\/\S*\.[cm]?[jt]sx?)$/.exec(line);
      if (match) list.push({ start: i, module: shorten(match[1]) });
    });
    regions.set(name, list);
  }
  return regions;
}

function shorten(path) {
  const nm = path.lastIndexOf('node_modules/');
  if (nm >= 0) {
    const rest = path.slice(nm + 'node_modules/'.length).split('/');
    const pkg = rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : rest[0];
    return `${pkg}:${rest.slice(pkg?.startsWith('@') ? 2 : 1).join('/')}`;
  }
  return path.replace(/^(\.\.\/)+/, '');
}

function moduleOf(regions, url, line) {
  const list = regions.get(url.replace(/^.*\//, '').replace(/\?.*$/, ''));
  if (!list) return url ? url.replace(/^.*\//, '') : '(native)';
  let found = '(bundle)';
  for (const region of list) {
    if (region.start > line) break;
    found = region.module;
  }
  return found;
}

/** Self time (ms) per function and per module, over `keys` keystrokes. */
export function summariseProfile(profile, regions, keys) {
  const self = new Map();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byFunction = new Map();
  const byModule = new Map();
  let busy = 0;
  let gc = 0;
  for (const node of profile.nodes) {
    const ms = self.get(node.id) ?? 0;
    if (ms === 0) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (IDLE.has(functionName)) continue;
    busy += ms;
    if (functionName === '(garbage collector)') gc += ms;
    const module = moduleOf(regions, url, lineNumber);
    const fn = `${functionName || '(anonymous)'}  [${module}]`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
    const group = functionName === '(garbage collector)' ? '(garbage collector)' : module;
    byModule.set(group, (byModule.get(group) ?? 0) + ms);
  }
  const top = (map, count) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, perKey: ms / keys, share: busy > 0 ? ms / busy : 0 }));
  const inclusive = new Map();
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const walk = (node, active) => {
    let total = self.get(node.id) ?? 0;
    const name = node.callFrame.functionName;
    const counted = STEPS.some(([fn]) => fn === name) && !active.has(name);
    const inner = counted ? new Set([...active, name]) : active;
    for (const child of node.children ?? []) total += walk(byId.get(child), inner);
    if (counted) inclusive.set(name, (inclusive.get(name) ?? 0) + total);
    return total;
  };
  walk(profile.nodes[0], new Set());
  return {
    inclusive: STEPS.map(([fn, label]) => [label, (inclusive.get(fn) ?? 0) / keys]),
    busyPerKey: busy / keys,
    gcPerKey: gc / keys,
    functions: top(byFunction, 20),
    modules: top(byModule, 15),
  };
}
