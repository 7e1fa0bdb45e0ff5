import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Step, WizardDefinition } from '../../../engine/definition/types.ts';
import {
  initialState,
  transition,
  type WizardEvent,
  type WizardSetup,
} from '../../../engine/wizard/transition.ts';
import type { WizardState } from '../../../engine/wizard/state.ts';
import { visibleSteps } from '../../../engine/wizard/visibility.ts';

const BRANDS = ['andsafe', 'hfk', 's-direkt', 'protect', 'protect-ch'] as const;
const FLAGS = ['alpha', 'beta'] as const;
const STEP_IDS = ['eins', 'zwei', 'drei', 'vier', 'fuenf', 'sechs', 'sieben'] as const;
const FIELD_NAMES = ['a', 'b', 'c'] as const;
const ENUM_VALUES = ['x', 'y', 'z'] as const;
const UNKNOWN_IDS = ['unbekannt', 'fremd'] as const;

/** Events that may be impossible (no next step, a hidden target); they throw. */
const MAY_THROW = new Set<WizardEvent['type']>(['next', 'previous', 'goTo']);

/** A field of a generated step: a boolean or an enum of some values. */
interface FieldShape {
  name: string;
  values: readonly (boolean | string)[];
  schema: Record<string, unknown>;
}

/** A generated step before its rule: its id and its fields. */
interface StepShape {
  id: string;
  fields: FieldShape[];
}

/** An answer a rule may read: its variable path and the values it can have. */
interface AnswerRef {
  path: string;
  values: readonly (boolean | string)[];
}

const fieldShape = (name: string): fc.Arbitrary<FieldShape> =>
  fc.oneof(
    fc.constant<FieldShape>({ name, values: [true, false], schema: { type: 'boolean' } }),
    fc
      .subarray([...ENUM_VALUES], { minLength: 1 })
      .map((values): FieldShape => ({ name, values, schema: { type: 'string', enum: values } })),
  );

const stepShape = (id: string): fc.Arbitrary<StepShape> =>
  fc
    .uniqueArray(fc.constantFrom(...FIELD_NAMES), { minLength: 1, maxLength: 3 })
    .chain((names) => fc.tuple(...names.map(fieldShape)))
    .map((fields) => ({ id, fields }));

const stepShapes: fc.Arbitrary<StepShape[]> = fc
  .uniqueArray(fc.constantFrom(...STEP_IDS), { minLength: 1, maxLength: 7 })
  .chain((ids) => fc.tuple(...ids.map(stepShape)));

/** A rule reading context.brand, context.flags.* and the given earlier answers. */
function ruleArbitrary(earlier: readonly AnswerRef[]): fc.Arbitrary<unknown> {
  const brand = { var: 'context.brand' };
  const atoms: fc.Arbitrary<unknown>[] = [
    fc.constantFrom(...BRANDS).map((b) => ({ '==': [brand, b] })),
    fc.constantFrom(...BRANDS).map((b) => ({ '!=': [brand, b] })),
    fc.constantFrom(...FLAGS).map((f) => ({ var: `context.flags.${f}` })),
    fc.constantFrom(...FLAGS).map((f) => ({ '!': { var: `context.flags.${f}` } })),
  ];
  if (earlier.length > 0) {
    const ref = fc.constantFrom(...earlier);
    atoms.push(
      ref.chain((r) => fc.constantFrom(...r.values).map((v) => ({ '==': [{ var: r.path }, v] }))),
      ref.chain((r) => fc.constantFrom(...r.values).map((v) => ({ '!=': [{ var: r.path }, v] }))),
      ref.map((r) => ({ var: r.path })),
      ref.map((r) => ({ '!': { var: r.path } })),
    );
  }
  const atom = fc.oneof(...atoms);
  const group = fc.array(atom, { minLength: 1, maxLength: 3 });
  const level1 = fc.oneof(
    atom,
    group.map((a) => ({ and: a })),
    group.map((a) => ({ or: a })),
    atom.map((a) => ({ '!': a })),
  );
  const group2 = fc.array(level1, { minLength: 1, maxLength: 3 });
  return fc.oneof(
    level1,
    group2.map((a) => ({ and: a })),
    group2.map((a) => ({ or: a })),
  );
}

function toStep(shape: StepShape, visibleWhen: unknown): Step {
  const properties = Object.fromEntries(shape.fields.map((f) => [f.name, f.schema]));
  const step: Step = {
    id: shape.id,
    i18nPrefix: `Schritt${shape.id}`,
    form: { schema: { type: 'object', properties } },
  };
  if (visibleWhen !== undefined) step.visibleWhen = visibleWhen as Step['visibleWhen'];
  return step;
}

/** A random valid definition together with the shapes its events are generated from. */
const definitionArbitrary: fc.Arbitrary<{ definition: WizardDefinition; shapes: StepShape[] }> =
  stepShapes.chain((shapes) => {
    const rules = shapes.map((_, i) => {
      const earlier = shapes
        .slice(0, i)
        .flatMap((s) =>
          s.fields.map((f) => ({ path: `data.${s.id}.${f.name}`, values: f.values })),
        );
      return fc.option(ruleArbitrary(earlier), { nil: undefined, freq: 2 });
    });
    return fc.tuple(...rules).map((visibleWhens) => {
      const [first, ...rest] = shapes.map((shape, i) => toStep(shape, visibleWhens[i]));
      if (!first) throw new Error('a definition has at least one step');
      const definition: WizardDefinition = {
        id: 'zufall',
        version: 1,
        kind: 'claim',
        brands: [...BRANDS],
        roles: ['claimant'],
        baseRoute: '/zufall',
        i18nNamespace: 'zufall',
        titleKey: 'title',
        steps: [first, ...rest],
      };
      return { definition, shapes };
    });
  });

const contextArbitrary: fc.Arbitrary<Record<string, unknown>> = fc.record({
  brand: fc.constantFrom(...BRANDS),
  flags: fc.record({ alpha: fc.boolean(), beta: fc.boolean() }, { requiredKeys: [] }),
});

/** Answers for a step: some of its fields, each with one of its values. */
const pageData = (shape: StepShape): fc.Arbitrary<Record<string, unknown>> =>
  fc.record(Object.fromEntries(shape.fields.map((f) => [f.name, fc.constantFrom(...f.values)])), {
    requiredKeys: [],
  });

function eventArbitrary(shapes: readonly StepShape[]): fc.Arbitrary<WizardEvent> {
  const ids = shapes.map((s) => s.id);
  return fc.oneof(
    fc.constant<WizardEvent>({ type: 'start' }),
    { arbitrary: fc.constant<WizardEvent>({ type: 'next' }), weight: 3 },
    { arbitrary: fc.constant<WizardEvent>({ type: 'previous' }), weight: 2 },
    {
      arbitrary: fc
        .constantFrom(...shapes)
        .chain((s) =>
          pageData(s).map((data): WizardEvent => ({ type: 'setPageData', page: s.id, data })),
        ),
      weight: 4,
    },
    fc
      .shuffledSubarray([...ids, ...UNKNOWN_IDS])
      .map((steps): WizardEvent => ({ type: 'setSteps', steps })),
    fc.constantFrom(...ids, ...UNKNOWN_IDS).map((step): WizardEvent => ({ type: 'goTo', step })),
    fc.constantFrom(...ids).map((page): WizardEvent => ({ type: 'resetPage', page })),
    fc.constant<WizardEvent>({ type: 'reset' }),
  );
}

const scenario = definitionArbitrary.chain(({ definition, shapes }) =>
  fc.record({
    definition: fc.constant(definition),
    context: contextArbitrary,
    events: fc.array(eventArbitrary(shapes), { minLength: 1, maxLength: 40, size: 'max' }),
  }),
);

function visibleIds(setup: WizardSetup, state: WizardState): { id: string }[] {
  return visibleSteps(setup.definition, {
    data: state.formData,
    context: setup.context,
    result: state.applicationResult,
  }).map((s) => ({ id: s.id }));
}

/** Runs the events, checking after each that the input was untouched and the invariants hold. */
function runScenario(setup: WizardSetup, events: readonly WizardEvent[]): void {
  let state = initialState(setup.definition);
  for (const event of events) {
    const before = structuredClone(state);
    let next: WizardState;
    try {
      const result = transition(setup, state, event);
      expect(result.effects).toEqual([]);
      next = result.state;
    } catch (error) {
      if (!MAY_THROW.has(event.type)) throw error;
      expect(state).toStrictEqual(before);
      continue;
    }
    expect(state).toStrictEqual(before);

    const ids = next.steps.map((s) => s.id);
    expect(next.currentStep === null || ids.includes(next.currentStep)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(next.applicationSent).toBe(false);
    expect(JSON.parse(JSON.stringify(next))).toStrictEqual(next);
    if (event.type === 'setPageData' || event.type === 'start' || event.type === 'resetPage') {
      expect(next.steps).toEqual(visibleIds(setup, next));
    }
    state = next;
  }
}

describe('the wizard on random definitions and random events', () => {
  it('never changes the state it is given, and keeps its invariants after every event', () => {
    fc.assert(
      fc.property(scenario, ({ definition, context, events }) => {
        runScenario({ definition, context, endpoints: {} }, events);
      }),
      { numRuns: 1000 },
    );
  });

  it('shows the visible steps of the answers after every change of an answer', () => {
    fc.assert(
      fc.property(scenario, ({ definition, context, events }) => {
        const setup: WizardSetup = { definition, context, endpoints: {} };
        let state = transition(setup, initialState(definition), { type: 'start' }).state;
        for (const event of events.filter((e) => e.type === 'setPageData')) {
          state = transition(setup, state, event).state;
          expect(state.steps).toEqual(visibleIds(setup, state));
          expect(
            state.currentStep === null || state.steps.some((s) => s.id === state.currentStep),
          ).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('walks forward through exactly the visible steps from the first one', () => {
    fc.assert(
      fc.property(scenario, ({ definition, context }) => {
        const setup: WizardSetup = { definition, context, endpoints: {} };
        let state = transition(setup, initialState(definition), { type: 'start' }).state;
        const visited = state.currentStep === null ? [] : [state.currentStep];
        for (let i = 0; i < definition.steps.length; i++) {
          try {
            state = transition(setup, state, { type: 'next' }).state;
          } catch {
            break;
          }
          if (state.currentStep !== null) visited.push(state.currentStep);
        }
        expect(visited).toEqual(visibleIds(setup, state).map((s) => s.id));
      }),
      { numRuns: 200 },
    );
  });
});
