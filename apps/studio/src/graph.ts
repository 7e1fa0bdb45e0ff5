import dagre from '@dagrejs/dagre';
import type { CheckError, StepPath, WizardDefinition } from '#engine';

export interface GraphNode {
  id: string;
  x: number;
  y: number;
  width: number;
  height: number;
  unreachable: boolean;
  deadEnd: boolean;
}

export interface GraphEdge {
  from: string;
  to: string;
  points: { x: number; y: number }[];
  label: string;
  labelAt?: { x: number; y: number };
}

export interface StepGraph {
  width: number;
  height: number;
  nodes: GraphNode[];
  edges: GraphEdge[];
}

const NODE_HEIGHT = 36;
const CHAR_WIDTH = 7.5;
const MAX_LABEL = 48;

/** A rule as a short text for an edge: its JSON, cut when long. */
export function ruleText(rule: unknown): string {
  if (rule === undefined) return '';
  const text = JSON.stringify(rule);
  return text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text;
}

/**
 * The step graph of a definition: a node per step, an edge wherever one step follows another on
 * an enumerated path (labelled with the condition that shows the target, when it has one) and
 * for each onLeave outcome that jumps to a step; steps on no path are unreachable, steps the
 * check names a dead end are marked. Laid out top to bottom with dagre.
 */
export function stepGraph(
  definition: WizardDefinition,
  paths: readonly StepPath[],
  errors: readonly CheckError[],
): StepGraph {
  const g = new dagre.graphlib.Graph({ multigraph: false });
  g.setGraph({ rankdir: 'TB', nodesep: 24, ranksep: 44, edgesep: 12, marginx: 8, marginy: 8 });
  g.setDefaultEdgeLabel(() => ({}));
  const onPath = new Set(paths.flatMap((p) => p.steps));
  const deadEnds = new Set(
    errors
      .filter((e) => e.message.startsWith('dead end'))
      .map((e) => /^\/steps\/(\d+)/.exec(e.pointer)?.[1])
      .flatMap((i) => (i === undefined ? [] : [definition.steps[Number(i)]?.id ?? ''])),
  );
  for (const step of definition.steps)
    g.setNode(step.id, {
      width: Math.max(90, step.id.length * CHAR_WIDTH + 24),
      height: NODE_HEIGHT,
    });
  const labels = new Map<string, string>();
  const edge = (from: string, to: string, label: string): void => {
    const key = `${from}\u0000${to}`;
    if (labels.has(key) || from === to) return;
    labels.set(key, label);
    g.setEdge(from, to, {
      label,
      width: label.length * 6,
      height: label ? 14 : 0,
      labelpos: 'c',
    });
  };
  const byId = new Map(definition.steps.map((s) => [s.id, s]));
  for (const path of paths)
    path.steps.forEach((id, i) => {
      const next = path.steps[i + 1];
      if (next) edge(id, next, ruleText(byId.get(next)?.visibleWhen));
    });
  for (const step of definition.steps) {
    const onLeave = step.onLeave as { onSuccess?: unknown; onFailure?: unknown } | undefined;
    const outcomes = JSON.stringify(onLeave ?? {});
    for (const match of outcomes.matchAll(/"go":"step","step":"([^"]+)"/g))
      if (match[1] && byId.has(match[1])) edge(step.id, match[1], 'onLeave');
  }
  dagre.layout(g);
  const graph = g.graph() as { width?: number; height?: number };
  return {
    width: graph.width ?? 0,
    height: graph.height ?? 0,
    nodes: definition.steps.map((step) => {
      const n = g.node(step.id) as { x: number; y: number; width: number; height: number };
      return {
        id: step.id,
        x: n.x,
        y: n.y,
        width: n.width,
        height: n.height,
        unreachable: !onPath.has(step.id),
        deadEnd: deadEnds.has(step.id),
      };
    }),
    edges: g.edges().map((e) => {
      const data = g.edge(e) as { points: { x: number; y: number }[]; x?: number; y?: number };
      return {
        from: e.v,
        to: e.w,
        points: data.points,
        label: labels.get(`${e.v}\u0000${e.w}`) ?? '',
        ...(data.x !== undefined && data.y !== undefined
          ? { labelAt: { x: data.x, y: data.y } }
          : {}),
      };
    }),
  };
}
