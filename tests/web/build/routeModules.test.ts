import { describe, expect, it } from 'vitest';
import {
  routeModules,
  ROUTE_MODULES_FILE,
  type RouteModules,
} from '../../../apps/web/routeModules.ts';

// What the web build writes for the server: run the plugin over a bundle shaped as rolldown
// hands it over (chunks with their facade module and static imports, and an asset).

const chunk = (
  fileName: string,
  facadeModuleId: string | null,
  imports: string[] = [],
  isEntry = false,
) => ({
  type: 'chunk' as const,
  fileName,
  facadeModuleId,
  imports,
  isEntry,
});

const bundle = {
  a: chunk('assets/index-E1.js', '/repo/apps/web/index.html', ['assets/shared-S1.js'], true),
  b: chunk('assets/shared-S1.js', null),
  c: chunk('assets/FlowRoute-F1.js', '/repo/apps/web/src/flows/FlowRoute.tsx', [
    'assets/shared-S1.js',
    'assets/rjsf-R1.js',
  ]),
  d: chunk('assets/rjsf-R1.js', null, ['assets/shared-S1.js']),
  e: chunk('assets/fahrrad-D1.js', '/repo/generated/definitions/fahrrad.json'),
  f: chunk('assets/fahrrad-V1.js', '/repo/generated/validators/fahrrad.js', [
    'assets/formats-B1.js',
  ]),
  g: chunk('assets/formats-B1.js', null),
  h: { type: 'asset' as const, fileName: 'assets/styles-C1.css' },
};

/** The plugin's output for a bundle, or the error it raised. */
function run(input: Record<string, unknown>): RouteModules {
  const plugin = routeModules();
  const emitted: { fileName: string; source: string }[] = [];
  const context = {
    emitFile: (file: { fileName: string; source: string }) => emitted.push(file),
    error: (message: string) => {
      throw new Error(message);
    },
  };
  const hook = plugin.generateBundle as unknown as (
    this: typeof context,
    options: unknown,
    bundle: unknown,
  ) => void;
  hook.call(context, {}, input);
  expect(emitted.map((file) => file.fileName)).toEqual([ROUTE_MODULES_FILE]);
  return JSON.parse(emitted[0]?.source ?? '{}') as RouteModules;
}

describe('the route modules the web build writes for the server', () => {
  it('lists what the entry loads, the flow route with its imports and each flow’s files', () => {
    expect(run(bundle)).toEqual({
      initial: ['assets/index-E1.js', 'assets/shared-S1.js'],
      flowRoute: ['assets/FlowRoute-F1.js', 'assets/shared-S1.js', 'assets/rjsf-R1.js'],
      flows: { fahrrad: ['assets/fahrrad-D1.js', 'assets/fahrrad-V1.js', 'assets/formats-B1.js'] },
    });
  });

  it('fails the build when the flow route is no chunk of its own', () => {
    const rest = Object.fromEntries(Object.entries(bundle).filter(([key]) => key !== 'c'));
    expect(() => run(rest)).toThrow('the build has no chunk of src/flows/FlowRoute.tsx');
  });
});
