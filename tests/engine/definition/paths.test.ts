import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkDefinitionSet,
  enumerateStepPaths,
  initialState,
  stepSchemaId,
  transition,
  type WizardDefinition,
  type WizardSetup,
  type WizardState,
} from '../../../engine/index.ts';
import type { PathFixture } from '../../../codegen/generatePaths.ts';
import { endpoints } from '../../support/definitions.ts';
import { CLAIM_ENTRY, realDefinition, realFiles } from './fixtures.ts';

const generated = join(process.cwd(), 'generated');
const fixtures = readdirSync(join(generated, 'paths'))
  .filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(generated, 'paths', f), 'utf8')) as PathFixture);
const definitionOf = (id: string): WizardDefinition =>
  JSON.parse(
    readFileSync(join(generated, 'definitions', `${id}.json`), 'utf8'),
  ) as WizardDefinition;

const setupFor = (definition: WizardDefinition, context: Record<string, unknown>): WizardSetup => ({
  definition,
  endpoints,
  context: {
    environment: 'localhost',
    today: '2026-11-22',
    config: { claimProducts: [], claimApps: {} },
    route: {},
    ...context,
  },
});

const ids = (state: WizardState): string[] => state.steps.map((s) => s.id);

describe('every enumerated path (generated/paths) is the step list the engine computes', () => {
  it('has a fixture with at least one path for every variant of every flow', () => {
    const flows = readdirSync(join(generated, 'definitions')).filter((f) => f.endsWith('.json'));
    expect(fixtures.map((f) => `${f.id}.json`).sort()).toEqual(flows.sort());
    for (const fixture of fixtures)
      for (const variant of fixture.variants)
        expect(variant.paths.length, `${fixture.id} ${variant.variant}`).toBeGreaterThan(0);
  });

  for (const fixture of fixtures) {
    const definition = definitionOf(fixture.id);
    for (const { variant, paths } of fixture.variants) {
      paths.forEach((path, n) => {
        it(`${fixture.id}${variant ? ` (${variant})` : ''} path ${n + 1}: ${path.steps.join(' > ')}`, () => {
          const setup = setupFor(definition, path.context);
          const start = transition(setup, initialState(definition, variant ?? undefined), {
            type: 'start',
          }).state;
          // The answers restored at once (a tab reloaded, a draft opened) ...
          const restored = transition(setup, start, {
            type: 'restore',
            formData: path.data,
            currentStep: null,
          }).state;
          expect(ids(restored)).toEqual(path.steps);
          // ... and given page by page, as a user answers them, end on the same steps.
          const answered = Object.entries(path.data).reduce(
            (state, [page, data]) =>
              transition(setup, state, { type: 'setPageData', page, data }).state,
            start,
          );
          expect(ids(answered)).toEqual(path.steps);
          // Every step of the path opens where the user lands on it.
          for (const step of path.steps)
            expect(transition(setup, answered, { type: 'goTo', step }).state.currentStep).toBe(
              step,
            );
        });
      });
    }
  }
});

describe('enumerateStepPaths', () => {
  const { ajv } = checkDefinitionSet(realFiles());
  const lookupOf = () => (uri: string) => ajv.getSchema(uri)?.schema;

  it('finds one path per distinct step list with the fewest answers that take it', () => {
    const paths = enumerateStepPaths(
      realDefinition(CLAIM_ENTRY),
      (id) => stepSchemaId(CLAIM_ENTRY, id),
      lookupOf(),
    );
    const steps = paths?.map((p) => p.steps.join(' > ')) ?? [];
    expect(new Set(steps).size).toBe(steps.length);
    const bhv = paths?.find((p) => p.steps.includes('erklaerung-bhv'));
    expect(bhv?.data).toEqual({ 'produkt-auswahl': { productType: 'BHV' } });
  });

  it('loses the path through a step a planted always-false rule hides', () => {
    const definition = realDefinition(CLAIM_ENTRY) as unknown as {
      steps: Record<string, unknown>[];
    };
    const before = enumerateStepPaths(
      definition as unknown as WizardDefinition,
      (id) => stepSchemaId(CLAIM_ENTRY, id),
      lookupOf(),
    );
    (definition.steps[2] as Record<string, unknown>)['visibleWhen'] = false;
    const after = enumerateStepPaths(
      definition as unknown as WizardDefinition,
      (id) => stepSchemaId(CLAIM_ENTRY, id),
      lookupOf(),
    );
    expect(before?.some((p) => p.steps.includes('erklaerung-bhv'))).toBe(true);
    expect(after?.some((p) => p.steps.includes('erklaerung-bhv'))).toBe(false);
    expect(after?.map((p) => p.steps)).toContainEqual([
      'produkt-auswahl',
      'vertrags-und-kontaktdaten',
    ]);
  });
});
