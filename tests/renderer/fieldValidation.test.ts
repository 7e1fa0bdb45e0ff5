import type { ValidateFunction } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  changedAnswers,
  createAjv,
  fieldsProblems,
  initialState,
  stepCoupling,
  stepProblems,
  transition,
  type Step,
  type WizardDefinition,
  type WizardSetup,
  type WizardState,
} from '../../engine/index.ts';
import { loadGeneratedFlow } from './support.tsx';
import { validateStep } from '../../renderer/store/fieldValidation.ts';
import { travelSetup, travelValidators } from '../engine/wizard/travelFixture.ts';
import { applicationSetup, claimSetup, readDefinitionJson } from '../support/definitions.ts';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const FORMAT_SAMPLES: Record<string, string[]> = {
  date: ['2027-03-01', '1960-02-29', '2027-02-30', '01.03.2027'],
  email: ['a@b.de', 'kein-at'],
  iban: ['DE89370400440532013000', 'DE89 3704 0044 0532 0130 00', 'DE00'],
};

/**
 * Answers a widget may set for a field of this schema: of its type, valid or not, or empty (an
 * enum's options and one more, strings, numbers out of bounds, dates of every kind, lists).
 */
function answerFor(schema: unknown, depth = 0): fc.Arbitrary<unknown> {
  const s = isRecord(schema) ? schema : {};
  const types = Array.isArray(s['type']) ? (s['type'] as unknown[]) : [s['type']];
  const options: fc.Arbitrary<unknown>[] = [fc.constant('')];
  if (Array.isArray(s['enum']))
    options.push(fc.constantFrom(...(s['enum'] as unknown[]), 'anders'));
  else if (types.includes('string') || s['type'] === undefined) {
    options.push(
      fc.constant('  '),
      fc.string({ maxLength: 6 }),
      fc.string({ minLength: 40, maxLength: 300 }),
    );
    const format = typeof s['format'] === 'string' ? s['format'] : '';
    for (const [name, samples] of Object.entries(FORMAT_SAMPLES))
      if (format.includes(name)) options.push(fc.constantFrom(...samples));
  }
  if (types.includes('integer')) options.push(fc.integer({ min: -3, max: 200_000 }));
  if (types.includes('number')) options.push(fc.double({ min: -3, max: 200_000, noNaN: true }));
  if (types.includes('boolean')) options.push(fc.boolean());
  if (types.includes('array')) {
    const items = isRecord(s['items']) ? s['items'] : {};
    options.push(
      Array.isArray(items['enum'])
        ? fc.subarray(items['enum'] as unknown[])
        : fc.array(depth < 2 ? answerFor(items, depth + 1) : fc.constant({}), { maxLength: 3 }),
    );
  }
  if (depth < 2 && types.includes('object') && isRecord(s['properties']))
    options.push(answersFor(s['properties'], depth + 1));
  return fc.oneof(...options);
}

/** A step's answers: any subset of its fields, each with an answer from {@link answerFor}. */
function answersFor(properties: Record<string, unknown>, depth = 0): fc.Arbitrary<object> {
  return fc.record(
    Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, answerFor(v, depth)])),
    { requiredKeys: [] },
  );
}

/** A step with a schema that ties fields together (if/then/else, allOf, dependentRequired). */
const coupledStep: Step = {
  id: 'felder',
  i18nPrefix: 'Felder',
  form: {
    schema: {
      type: 'object',
      properties: {
        a: { type: 'string', maxLength: 8 },
        b: { type: 'string', maxLength: 8 },
        c: { type: 'string', maxLength: 8 },
        d: { type: 'string', maxLength: 8 },
        e: { type: 'string', maxLength: 8 },
        f: { type: 'string', minLength: 2 },
      },
      required: ['b', 'f'],
      if: { properties: { a: { type: 'string', minLength: 5 } } },
      then: { properties: { b: { type: 'string', maxLength: 3 } }, required: ['c'] },
      else: { properties: { b: { type: 'string', maxLength: 6 } } },
      allOf: [
        { if: { required: ['d'] }, then: { properties: { c: { type: 'string', minLength: 4 } } } },
      ],
      dependentRequired: { c: ['e'] },
    },
    uiSchema: {},
    requiredWhen: { d: { '==': [{ var: 'data.felder.a' }, 'pflicht'] } },
    irrelevantWhen: { e: { '==': [{ var: 'data.felder.a' }, 'verbergen'] } },
    constraints: [
      {
        field: 'f',
        rule: { '!=': [{ var: 'data.felder.f' }, { var: 'data.felder.a' }] },
        messageKey: 'Felder.gleich',
      },
    ],
  },
} as unknown as Step;

const coupledDefinition = {
  ...(travelSetup.definition as object),
  id: 'gekoppelt',
  steps: [coupledStep],
} as unknown as WizardDefinition;

function coupledValidators(): Record<string, ValidateFunction> {
  return { felder: createAjv().compile(coupledStep.form?.schema ?? {}) };
}

interface Case {
  name: string;
  setup: WizardSetup;
  validators: Record<string, ValidateFunction>;
}

const bikeSetup = applicationSetup(
  readDefinitionJson<WizardDefinition>('applications/fahrrad.json'),
  'customer',
  { brand: 'andsafe', today: '2026-11-22', partnerNummer: '2000101' },
);
const travelApplication = applicationSetup(
  readDefinitionJson<WizardDefinition>('applications/reise.json'),
  'customer',
  { brand: 'andsafe', today: '2026-11-22', partnerNummer: '2000101' },
);
const privateLiability = applicationSetup(
  readDefinitionJson<WizardDefinition>('applications/privathaftpflicht.json'),
  'agent',
  { brand: 'andsafe', today: '2026-11-22', partnerNummer: '2000101' },
);

async function cases(): Promise<Case[]> {
  const load = async (id: string) => (await loadGeneratedFlow(id)).validators;
  return [
    {
      name: 'coupled schema',
      setup: { ...travelSetup, definition: coupledDefinition },
      validators: coupledValidators(),
    },
    { name: 'travel fixture', setup: travelSetup, validators: travelValidators() },
    { name: 'fahrrad', setup: bikeSetup, validators: await load('fahrrad') },
    { name: 'reise', setup: travelApplication, validators: await load('reise') },
    {
      name: 'privathaftpflicht',
      setup: privateLiability,
      validators: await load('privathaftpflicht'),
    },
    { name: 'claim-entry', setup: claimSetup('andsafe'), validators: await load('claim-entry') },
  ];
}

const all = await cases();
const steps = all.flatMap((c) =>
  c.setup.definition.steps
    .filter((step) => step.form && c.validators[step.id])
    .map((step) => ({ ...c, step, validate: c.validators[step.id] as ValidateFunction })),
);

/** The state after the step's answers were set (derived answers and irrelevance applied). */
function withAnswers(setup: WizardSetup, step: string, answers: object, before?: WizardState) {
  const start = before ?? initialState(setup.definition, setup.context['variant']);
  return transition(setup, start, {
    type: 'setPageData',
    page: step,
    data: { ...answers } as Record<string, unknown>,
  }).state;
}

const inputOf = (setup: WizardSetup, state: WizardState) => ({
  data: state.formData,
  context: setup.context,
  result: state.applicationResult,
});

describe('validating some fields of a step', () => {
  it('reads the schema of every real step as checkable field by field', () => {
    for (const { name, step } of steps)
      expect(stepCoupling(step).separable, `${name}/${step.id}`).toBe(true);
    expect([...stepCoupling(coupledStep).coupled].sort()).toEqual(['a', 'b', 'c', 'd', 'e']);
  });

  it.each(steps.map((s) => [`${s.name}/${s.step.id}`, s] as const))(
    'finds for any fields of %s the problems the whole step has for them',
    (_name, { setup, step, validate }) => {
      const properties = step.form?.schema['properties'] as Record<string, unknown>;
      const fields = Object.keys(properties);
      fc.assert(
        fc.property(answersFor(properties), fc.subarray(fields), (answers, asked) => {
          const state = withAnswers(setup, step.id, answers);
          const own = state.formData[step.id] ?? {};
          const irrelevant = state.irrelevantKeys[step.id] ?? [];
          const input = inputOf(setup, state);
          const some = fieldsProblems(step, validate, own, irrelevant, input, new Set(asked));
          if (!some) return;
          const whole = stepProblems(step, validate, own, irrelevant, input).filter((p) =>
            some.fields.has(p.path.split('.')[0] ?? ''),
          );
          expect(some.problems).toEqual(whole);
        }),
        { numRuns: 40 },
      );
    },
  );

  it.each(steps.map((s) => [`${s.name}/${s.step.id}`, s] as const))(
    'after a keystroke in %s, shows the problems a validation of the whole step shows',
    (_name, { setup, step, validate }) => {
      const properties = step.form?.schema['properties'] as Record<string, unknown>;
      const field = fc.constantFrom(...Object.keys(properties));
      const change = field.chain((name) =>
        fc.tuple(fc.constant(name), fc.option(answerFor(properties[name]), { nil: undefined })),
      );
      fc.assert(
        fc.property(answersFor(properties), change, (answers, [name, value]) => {
          const before = withAnswers(setup, step.id, answers);
          const page: Record<string, unknown> = Object.fromEntries(
            Object.entries(before.formData[step.id] ?? {}).filter(([k]) => k !== name),
          );
          if (value !== undefined) page[name] = value;
          const after = transition(setup, before, {
            type: 'setPageData',
            page: step.id,
            data: page,
            fields: [name],
          }).state;
          const changed = changedAnswers(setup.definition, before.formData, after.formData, {
            step: step.id,
            fields: [name],
          });
          const first = validateStep(setup, validate, step.id, before, {});
          const typed = validateStep(setup, validate, step.id, after, first, { before, changed });
          expect(typed).toEqual(validateStep(setup, validate, step.id, after, {}));
        }),
        { numRuns: 40 },
      );
    },
  );

  it('checks only the typed field and the fields whose checks read it', () => {
    const setup = { ...travelSetup, definition: coupledDefinition };
    const validate = coupledValidators()['felder'] as ValidateFunction;
    const state = withAnswers(setup, 'felder', { a: 'x', f: 'yy' });
    const some = fieldsProblems(
      coupledStep,
      validate,
      state.formData['felder'] ?? {},
      [],
      inputOf(setup, state),
      new Set(['f']),
    );
    expect([...(some?.fields ?? [])]).toEqual(['f']);
    const coupled = fieldsProblems(
      coupledStep,
      validate,
      {},
      [],
      inputOf(setup, state),
      new Set(['a']),
    );
    expect([...(coupled?.fields ?? [])].sort()).toEqual(['', 'a', 'b', 'c', 'd', 'e']);
  });
});
