import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ValidateFunction } from 'ajv';
import {
  draftRequest,
  migrateAnswers,
  stepProblems,
  type WizardDefinition,
  type WizardSetup,
} from '../../engine/index.ts';
import { createAjv } from '../../engine/validation/index.ts';
import { validationRuntime } from '../../engine/validation/index.ts';
import { storageKey, WizardController } from '../../renderer/index.ts';
import type { WizardState, Migration } from '../../engine/index.ts';
import { fakeServices } from './support.tsx';
import { brandMarket } from '../support/definitions.ts';
import { antworten, without } from '../server/helpers/applications.ts';
import { errorsOf, realJson, withFile, type JsonObject } from '../engine/definition/fixtures.ts';
import endpointCatalogue from '../../definitions/api/endpoints.json';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';

const FLOW = 'definitions/applications/fahrrad.json';
const TEXTS = 'definitions/locales/de/fahrrad.json';
const endpoints = (endpointCatalogue as EndpointCatalogue).endpoints;

/** What a customer entered under version 1 of the bike flow, up to the summary (the server tests' answers). */
const v1Answers = without(antworten, 'einwilligungen');

const stepOf = (def: JsonObject, id: string): JsonObject =>
  (def['steps'] as JsonObject[]).find((s) => s['id'] === id) as JsonObject;

/**
 * A copy of the bike flow as version 2: the manufacturer is now asked as `marke` (renamed), and
 * cover asks a new required question (the lock used). Migrations say how version 1 answers move.
 */
function bikeVersion2(def: JsonObject = realJson(FLOW)): {
  definition: JsonObject;
  texts: JsonObject;
} {
  def['version'] = 2;
  def['migrations'] = [
    { from: 1, to: 2, changes: [{ op: 'move', from: 'fahrrad.hersteller', to: 'fahrrad.marke' }] },
  ];
  const bike = stepOf(def, 'fahrrad')['form'] as JsonObject as {
    schema: { properties: JsonObject; required: string[] };
    uiSchema: JsonObject & { 'ui:order': string[] };
  };
  const { hersteller, ...rest } = bike.schema.properties;
  bike.schema.properties = { marke: hersteller, ...rest };
  bike.schema.required = bike.schema.required.map((f) => (f === 'hersteller' ? 'marke' : f));
  bike.uiSchema['ui:order'] = bike.uiSchema['ui:order'].map((f) =>
    f === 'hersteller' ? 'marke' : f,
  );
  bike.uiSchema['marke'] = bike.uiSchema['hersteller'];
  delete bike.uiSchema['hersteller'];
  ((def['prefill'] as JsonObject)['fields'] as JsonObject)['bikeManufacturer'] = {
    target: 'fahrrad.marke',
  };
  // The contract's manufacturer is issued from the renamed answer.
  const issued = (def['issue'] as JsonObject)['contract'] as JsonObject;
  issued['fahrrad.hersteller'] = { var: 'answers.fahrrad.marke' };
  const cover = stepOf(def, 'deckung')['form'] as {
    schema: { properties: JsonObject; required: string[] };
    uiSchema: JsonObject & { 'ui:order'?: string[] };
  };
  cover.schema.properties['schloss'] = { type: 'string', enum: ['BUEGEL', 'FALT', 'KETTE'] };
  cover.schema.required.push('schloss');
  cover.uiSchema['ui:order']?.push('schloss');
  cover.uiSchema['schloss'] = { 'ui:widget': 'radio' };
  // The calls name the flow's version.
  for (const draft of def['draft'] as JsonObject[]) {
    const body = draft['body'] as JsonObject;
    if (body['version'] !== undefined) body['version'] = 2;
  }
  ((def['submit'] as JsonObject)['body'] as JsonObject)['version'] = 2;

  const texts = realJson(TEXTS);
  const bikeTexts = texts[stepOf(def, 'fahrrad')['i18nPrefix'] as string] as JsonObject;
  bikeTexts['marke'] = bikeTexts['hersteller'];
  delete bikeTexts['hersteller'];
  const coverTexts = texts[stepOf(def, 'deckung')['i18nPrefix'] as string] as JsonObject;
  coverTexts['schloss'] = {
    label: 'Welches Schloss nutzen Sie?',
    required: 'Bitte wählen Sie Ihr Schloss.',
    options: { BUEGEL: 'Bügelschloss', FALT: 'Faltschloss', KETTE: 'Kettenschloss' },
  };
  return { definition: def, texts };
}

/** The problems definitions:check finds in the flow's own file, as `pointer: message`. */
const checkErrors = (def: JsonObject, texts: JsonObject) =>
  errorsOf(
    withFile(TEXTS, JSON.stringify(texts, null, 2), withFile(FLOW, JSON.stringify(def, null, 2))),
  )
    .filter((e) => e.file === FLOW)
    .map((e) => `${e.pointer}: ${e.message}`);

/** Validators of every step of a definition, with the platform's ajv. */
function validatorsOf(definition: WizardDefinition): Record<string, ValidateFunction> {
  const ajv = createAjv();
  return Object.fromEntries(
    definition.steps.filter((s) => s.form).map((s) => [s.id, ajv.compile(s.form?.schema ?? {})]),
  );
}

function setupOf(definition: WizardDefinition, context: Record<string, unknown>): WizardSetup {
  return {
    definition,
    endpoints,
    context: {
      brand: 'andsafe',
      environment: 'localhost',
      role: 'claimant',
      today: '2025-06-15',
      flags: {},
      config: {},
      market: brandMarket('andsafe'),
      entry: {},
      ...context,
    },
  };
}

/** A tab state of version 1 as the renderer saved it, on the summary. */
function v1TabState(formData: Record<string, Record<string, unknown>>): WizardState {
  return {
    productName: 'FAHRRAD',
    productIdentifier: 'FAHRRAD',
    baseRoute: '/antrag/fahrrad',
    steps: Object.keys(formData).map((id) => ({ id })),
    currentStep: 'zusammenfassung',
    formData,
    irrelevantKeys: {},
    applicationResult: null,
    applicationSent: false,
    prefilled: false,
  };
}

let v2: WizardDefinition;
let validators: Record<string, ValidateFunction>;

// The validation clock is the process's: put back what was there when the file ends (other
// files of the same worker read it).
const clockBefore = validationRuntime.now;
afterAll(() => {
  validationRuntime.now = clockBefore;
});

beforeAll(() => {
  validationRuntime.now = () => new Date(2025, 5, 15, 12);
  // The running wizard gets the generated (self-contained) definition, changed the same way.
  const generated = JSON.parse(readFileSync('generated/definitions/fahrrad.json', 'utf8'));
  v2 = bikeVersion2(generated as JsonObject).definition as unknown as WizardDefinition;
  validators = validatorsOf(v2);
});

/**
 * What a resumed controller must show: nothing entered lost (the manufacturer now as marke), the
 * cover step asking the new question with the German note, and after answering it every step
 * valid and the submission naming version 2.
 */
function expectResumed(controller: WizardController, stepsWithAnswers: string[]): void {
  const state = controller.state;
  expect(state.formData['fahrrad']).toMatchObject({ marke: 'Cube', typ: 'CITYBIKE' });
  expect(state.formData['fahrrad']).not.toHaveProperty('hersteller');
  for (const step of stepsWithAnswers)
    if (step !== 'fahrrad')
      expect(state.formData[step]).toEqual(v1Answers[step as keyof typeof v1Answers]);
  expect(state.currentStep).toBe('deckung');
  expect(controller.store.get(controller.atoms.migrated)).toBe(true);
  expect(Object.keys(controller.revalidate('deckung'))).toEqual(['schloss']);

  controller.setField('deckung', 'schloss', 'BUEGEL');
  const answered = controller.state;
  for (const { id } of answered.steps) {
    const step = v2.steps.find((s) => s.id === id);
    const validate = validators[id];
    if (!step?.form || !validate || id === 'einwilligungen') continue;
    expect(
      stepProblems(step, validate, answered.formData[id] ?? {}, answered.irrelevantKeys[id] ?? [], {
        data: answered.formData,
        context: controller.setup.context,
        result: null,
      }),
      id,
    ).toEqual([]);
  }
}

describe('a version 2 of the bike flow with a renamed field and a new required question', () => {
  it('passes definitions:check; a migration onto a missing field or a gap is reported precisely', () => {
    const { definition, texts } = bikeVersion2();
    expect(
      errorsOf(
        withFile(
          TEXTS,
          JSON.stringify(texts, null, 2),
          withFile(FLOW, JSON.stringify(definition, null, 2)),
        ),
      ),
    ).toEqual([]);

    const wrongTarget = bikeVersion2();
    wrongTarget.definition['migrations'] = [
      { from: 1, to: 2, changes: [{ op: 'move', from: 'fahrrad.hersteller', to: 'fahrrad.make' }] },
    ];
    expect(checkErrors(wrongTarget.definition, wrongTarget.texts)).toEqual([
      '/migrations/0/changes/0/to: writes the answer "fahrrad.make", but step "fahrrad" of the current version has no field "make"',
    ]);

    const gap = bikeVersion2();
    gap.definition['version'] = 3;
    for (const draft of gap.definition['draft'] as JsonObject[]) {
      const body = draft['body'] as JsonObject;
      if (body['version'] !== undefined) body['version'] = 3;
    }
    ((gap.definition['submit'] as JsonObject)['body'] as JsonObject)['version'] = 3;
    expect(checkErrors(gap.definition, gap.texts)).toEqual([
      '/migrations: saved answers of version 1 cannot reach the current version 3: the migrations from version 1 end before it; add a migration to version 3',
      '/migrations: saved answers of version 2 cannot reach the current version 3: there is no migration from version 2; add { "from": 2, "to": 3, "changes": [...] } to "migrations"',
    ]);
  });

  it('migrates saved answers with every kind of change', () => {
    const migrations: Migration[] = [
      {
        from: 1,
        to: 2,
        changes: [
          { op: 'move', from: 'a.alt', to: 'b.neu' },
          { op: 'split', from: 'a.name', to: ['a.vorname', 'a.nachname'] },
          { op: 'mapValues', path: 'a.typ', values: { E_BIKE: 'PEDELEC' } },
        ],
      },
      {
        from: 2,
        to: 3,
        changes: [
          { op: 'join', from: ['c.strasse', 'c.nr'], to: 'c.adresse' },
          { op: 'default', path: 'b.neuFrage', value: false },
          { op: 'drop', path: 'a.weg' },
        ],
      },
    ];
    const definition = { version: 3, migrations };
    const result = migrateAnswers(definition, 1, {
      a: { alt: 7, name: 'Erika  Maria Mustermann', typ: 'E_BIKE', weg: 'x' },
      c: { strasse: 'Holstenstraße', nr: '12a' },
    });
    expect(result).toEqual({
      ok: true,
      migrated: true,
      answers: {
        a: { vorname: 'Erika', nachname: 'Maria Mustermann', typ: 'PEDELEC' },
        b: { neu: 7, neuFrage: false },
        c: { adresse: 'Holstenstraße 12a' },
      },
    });
    expect(migrateAnswers(definition, 3, { a: { x: 1 } })).toEqual({
      ok: true,
      migrated: false,
      answers: { a: { x: 1 } },
    });
    expect(migrateAnswers({ version: 2 }, 1, {})).toEqual({ ok: false, reason: 'no-migration' });
    expect(migrateAnswers(definition, 4, {})).toEqual({ ok: false, reason: 'newer-version' });
  });

  it('resumes a version 1 tab state: migrated, the new question asked, the submission valid', () => {
    const { services, storage } = fakeServices();
    const oldKey = storageKey('fahrrad', 1, { variant: 'customer' });
    storage.set(oldKey, JSON.stringify(v1TabState(v1Answers)));
    const controller = new WizardController(
      setupOf(v2, { variant: 'customer' }),
      validators,
      services,
    );
    expectResumed(controller, Object.keys(v1Answers));
    expect(storage.has(oldKey)).toBe(false);
    controller.flush();
    expect(storage.has(storageKey('fahrrad', 2, { variant: 'customer' }))).toBe(true);
  });

  it("resumes an agent's version 1 draft the same way, and saves it as version 2", () => {
    const { services } = fakeServices();
    const agentAnswers: Partial<typeof v1Answers> = { ...v1Answers };
    delete agentAnswers.person;
    const controller = new WizardController(
      setupOf(v2, {
        variant: 'agent',
        role: 'vermittler',
        route: { partnerNummer: '2000103' },
        entry: { entwurf: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b' },
        draft: {
          id: '6f1c2a3b-4d5e-4f60-8a7b-9c0d1e2f3a4b',
          version: 1,
          zustand: {
            formData: {
              beratung: { nutzung: 'PENDELN', abstellort: 'KELLER', reparaturWichtig: true },
              empfehlung: { entscheidung: 'EMPFEHLUNG' },
              ...agentAnswers,
            },
            currentStep: 'bankverbindung',
          },
        },
      }),
      validators,
      services,
    );
    expectResumed(controller, Object.keys(agentAnswers));
    const request = draftRequest(controller.setup, controller.state, 'x');
    expect(request?.body).toMatchObject({ flow: 'fahrrad', version: 2 });
  });

  it("resumes a customer's version 1 saved application the same way", () => {
    const { services } = fakeServices();
    const controller = new WizardController(
      setupOf(v2, {
        variant: 'portal',
        role: 'benutzer',
        entry: { entwurf: '0a1b2c3d-4e5f-4061-8273-9485a6b7c8d9' },
        savedApplication: {
          id: '0a1b2c3d-4e5f-4061-8273-9485a6b7c8d9',
          version: 1,
          zustand: { formData: v1Answers, currentStep: 'zahlweise' },
        },
      }),
      validators,
      services,
    );
    expectResumed(controller, Object.keys(v1Answers));
    const request = draftRequest(
      controller.setup,
      controller.state,
      '0a1b2c3d-4e5f-4061-8273-9485a6b7c8d9',
    );
    expect(request?.url).toBe(
      '/api/portal/gespeicherte-antraege/0a1b2c3d-4e5f-4061-8273-9485a6b7c8d9',
    );
    expect(request?.body).toMatchObject({ flow: 'fahrrad', version: 2 });
  });
});
