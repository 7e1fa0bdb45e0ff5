// The path fixtures (generated/paths/<flow>.json): every distinct path through each flow and
// variant with example answers, from the analysis that finds unreachable steps (engine graph.ts).
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { enumerateStepPaths, stepSchemaId, type ParsedDefinition, type StepPath } from '#engine';

/** The paths of one flow: per variant (null for a flow without variants). */
export interface PathFixture {
  id: string;
  version: number;
  variants: { variant: string | null; paths: StepPath[] }[];
}

export function pathFixture(definition: ParsedDefinition, ajv: Ajv2020): PathFixture {
  const d = definition.value;
  const variants = (d.variants?.map((v) => v.id as string) ?? [undefined]).map((variant) => ({
    variant: variant ?? null,
    paths:
      enumerateStepPaths(
        d,
        (stepId) => stepSchemaId(definition.path, stepId),
        (uri) => ajv.getSchema(uri)?.schema,
        variant,
      ) ?? [],
  }));
  return { id: d.id, version: d.version, variants };
}

/** generated/paths/<id>.json for every flow, and a line of counts per flow. */
export function generatePaths(
  definitions: readonly ParsedDefinition[],
  ajv: Ajv2020,
): { outputs: Map<string, string>; summary: string[] } {
  const outputs = new Map<string, string>();
  const summary: string[] = [];
  for (const definition of [...definitions].sort((a, b) => a.value.id.localeCompare(b.value.id))) {
    const fixture = pathFixture(definition, ajv);
    outputs.set(`generated/paths/${fixture.id}.json`, `${JSON.stringify(fixture, null, 2)}\n`);
    const counts = fixture.variants.map((v) =>
      v.variant === null ? `${v.paths.length}` : `${v.variant} ${v.paths.length}`,
    );
    const total = fixture.variants.reduce((n, v) => n + v.paths.length, 0);
    summary.push(
      `${fixture.id}: ${total} path${total === 1 ? '' : 's'}${fixture.variants.length > 1 || fixture.variants[0]?.variant ? ` (${counts.join(', ')})` : ''}`,
    );
  }
  return { outputs, summary };
}
