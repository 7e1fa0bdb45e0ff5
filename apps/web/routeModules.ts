import type { Plugin } from 'vite';

/**
 * What the server reads of the build to name a flow route's modules in that route's HTML
 * (apps/server/src/http/routePreloads.ts), written by the build into `.vite/` (not served):
 * the files the entry loads anyway, the flow route's own files, and each flow's definition and
 * validators, each with the files it imports statically.
 */
export interface RouteModules {
  /** The entry chunks and what they import: the HTML loads these already. */
  initial: string[];
  /** The flow route (FlowRoute with the renderer and the engine) and what it imports. */
  flowRoute: string[];
  /** Per flow id: its definition's and its validators' chunks and what they import. */
  flows: Record<string, string[]>;
}

/** Where the build writes it, below the web root. */
export const ROUTE_MODULES_FILE = '.vite/route-modules.json';

/** The module of the flow route: the web app knows its own file, the server does not need to. */
const FLOW_ROUTE = /[\\/]src[\\/]flows[\\/]FlowRoute\.tsx$/;
/** A flow's definition or validators module, with the flow's id. */
const FLOW_MODULE = /[\\/]generated[\\/](?:definitions|validators)[\\/]([^\\/]+)\.(?:json|js)$/;

interface Chunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
}

/** Writes {@link ROUTE_MODULES_FILE} from the bundle (build only). */
export function routeModules(): Plugin {
  return {
    name: 'route-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (output): output is typeof output & Chunk => output.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (chunk: Chunk | undefined, into: Set<string>): Set<string> => {
        if (!chunk || into.has(chunk.fileName)) return into;
        into.add(chunk.fileName);
        for (const file of chunk.imports) closure(byFile.get(file), into);
        return into;
      };
      const initial = new Set<string>();
      for (const chunk of chunks) if (chunk.isEntry) closure(chunk, initial);
      const route = chunks.find((chunk) => FLOW_ROUTE.test(chunk.facadeModuleId ?? ''));
      if (!route) this.error('the build has no chunk of src/flows/FlowRoute.tsx');
      const flows = new Map<string, Set<string>>();
      for (const chunk of chunks) {
        const id = FLOW_MODULE.exec(chunk.facadeModuleId ?? '')?.[1];
        if (id === undefined) continue;
        closure(chunk, flows.get(id) ?? flows.set(id, new Set()).get(id) ?? new Set());
      }
      const modules: RouteModules = {
        initial: [...initial],
        flowRoute: [...closure(route, new Set())],
        flows: Object.fromEntries([...flows].map(([id, files]) => [id, [...files]])),
      };
      this.emitFile({
        type: 'asset',
        fileName: ROUTE_MODULES_FILE,
        source: JSON.stringify(modules),
      });
    },
  };
}
