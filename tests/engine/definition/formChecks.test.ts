import { describe, expect, it } from 'vitest';
import type { CheckError } from '../../../engine/definition/types.ts';
import { positionOf, type JsonObject } from './fixtures.ts';
import { FORM, checkForm, formOfStep } from './formFixtures.ts';

/** One expected error of the form flow: its pointer, the place the needles find, a fragment. */
function at(pointer: string, text: string, needles: string[], fragment: string): CheckError {
  return {
    file: FORM,
    pointer,
    ...positionOf(text, needles),
    message: expect.stringContaining(fragment) as unknown as string,
  };
}

const schemaOf = (definition: JsonObject, index: number): JsonObject =>
  formOfStep(definition, index)['schema'] as JsonObject;
const propertiesAt = (definition: JsonObject, index: number): JsonObject =>
  schemaOf(definition, index)['properties'] as JsonObject;
const itemsOf = (definition: JsonObject): JsonObject =>
  (propertiesAt(definition, 1)['personen'] as JsonObject)['items'] as JsonObject;

describe('the definitions check of lists, constraints, derived and read-only fields', () => {
  it('accepts the small flow that uses them all', () => {
    expect(checkForm().errors).toEqual([]);
  });

  it('refuses requiredWhen, derive and constraints naming fields the step does not have', () => {
    const { errors, text } = checkForm((d) => {
      formOfStep(d, 0)['requiredWhen'] = { kids: true };
      formOfStep(d, 2)['derive'] = { name: { var: 'data.reisende.personen.0.vorname' } };
      const constraint = (formOfStep(d, 0)['constraints'] as JsonObject[])[0] as JsonObject;
      constraint['field'] = 'reiseende';
    });
    expect(errors).toEqual([
      at(
        '/steps/0/form/requiredWhen/kids',
        text,
        ['"kids"'],
        '"kids" is not a field of step "reise"',
      ),
      at(
        '/steps/0/form/constraints/0/field',
        text,
        ['"field": "reiseende"'],
        '"reiseende" is not a field of step "reise"',
      ),
      at('/steps/2/form/derive/name', text, ['"name"'], '"name" is not a field of step "nehmer"'),
    ]);
  });

  it('refuses a constraint whose message text is missing', () => {
    const { errors, text } = checkForm(undefined, (texts) => {
      delete ((texts['Trip'] as JsonObject)['ende'] as JsonObject)['afterStart'];
    });
    expect(errors).toEqual([
      at(
        '/steps/0/form/constraints/0/messageKey',
        text,
        ['"messageKey"'],
        'the text "Trip.ende.afterStart" (named here) is missing in definitions/locales/de/reise-test.json',
      ),
    ]);
  });

  it('checks the variables and operators of constraint, requiredWhen, derive and itemCounts rules', () => {
    const { errors, text } = checkForm((d) => {
      const constraint = (formOfStep(d, 0)['constraints'] as JsonObject[])[0] as JsonObject;
      constraint['rule'] = { before: [{ var: 'data.reise.beginn' }, { var: 'data.reise.ende' }] };
      formOfStep(d, 0)['requiredWhen'] = { kinder: { var: 'data.reisende.personen' } };
      formOfStep(d, 1)['itemCounts'] = { personen: { min: { var: 'data.reise.grupe' } } };
      formOfStep(d, 2)['derive'] = { vorname: { var: 'context.kunde.vorname' } };
    });
    expect(errors).toEqual([
      at(
        '/steps/0/form/requiredWhen/kinder',
        text,
        ['"requiredWhen"', '"kinder"'],
        'step "reisende" comes later',
      ),
      at(
        '/steps/0/form/constraints/0/rule',
        text,
        ['"constraints"', '"rule"'],
        'unknown rule operator "before"',
      ),
      at(
        '/steps/1/form/itemCounts/personen/min',
        text,
        ['"itemCounts"', '"min"'],
        'step "reise" has no field "grupe"',
      ),
      at(
        '/steps/2/form/derive/vorname',
        text,
        ['"derive"', '"vorname"'],
        'the context has no "kunde"',
      ),
    ]);
  });

  it('refuses itemCounts for a field that is missing or no list', () => {
    const { errors, text } = checkForm((d) => {
      formOfStep(d, 0)['itemCounts'] = { gruppe: { max: 2 }, leute: { max: 2 } };
    });
    expect(errors).toEqual([
      at(
        '/steps/0/form/itemCounts/gruppe',
        text,
        ['"itemCounts"', '"gruppe"'],
        '"gruppe" is not a list: itemCounts limits the items of an array field',
      ),
      at(
        '/steps/0/form/itemCounts/leute',
        text,
        ['"leute"'],
        '"leute" is not a field of step "reise"',
      ),
    ]);
  });

  it('accepts irrelevantWhen of list item fields ("<list>.<field>") reading the item, and refuses wrong ones', () => {
    expect(
      checkForm((d) => {
        formOfStep(d, 1)['irrelevantWhen'] = {
          'personen.anrede': { '!': { var: 'item.vorname' } },
        };
      }).errors,
    ).toEqual([]);
    const { errors, text } = checkForm((d) => {
      formOfStep(d, 1)['irrelevantWhen'] = {
        'personen.titel': { var: 'item.vorname' },
        'personen.anrede': { '==': [{ var: 'item.geschlecht' }, { var: 'data.reisende.x' }] },
        'leute.anrede': true,
        'personen.anrede.x': true,
      };
    });
    expect(errors).toEqual([
      at(
        '/steps/1/form/irrelevantWhen/personen.titel',
        text,
        ['"personen.titel"'],
        'the items of list "personen" have no field "titel"',
      ),
      at(
        '/steps/1/form/irrelevantWhen/personen.anrede',
        text,
        ['"irrelevantWhen"', '"personen.anrede"'],
        'reads "item.geschlecht", but the items of list "personen" have no field "geschlecht"',
      ),
      // An item rule reads earlier steps only: the list follows its own answers.
      at(
        '/steps/1/form/irrelevantWhen/personen.anrede',
        text,
        ['"irrelevantWhen"', '"personen.anrede"'],
        'reads "data.reisende.x", but step "reisende" comes later',
      ),
      at(
        '/steps/1/form/irrelevantWhen/leute.anrede',
        text,
        ['"leute.anrede"'],
        'names no field of a list\'s items: write "<list>.<field>"',
      ),
      at(
        '/steps/1/form/irrelevantWhen/personen.anrede.x',
        text,
        ['"personen.anrede.x"'],
        "names no field of a list's items",
      ),
    ]);
  });

  it('refuses a read-only field without const, default or derive', () => {
    const { errors, text } = checkForm((d) => {
      propertiesAt(d, 2)['zahlweise'] = { type: 'string', enum: ['EINMALIG'], readOnly: true };
    });
    expect(errors).toEqual([
      at(
        '/steps/2/form/schema/properties/zahlweise',
        text,
        ['"id": "nehmer"', '"zahlweise"'],
        'the read-only field "zahlweise" needs the value it shows: "const" or "default" in its schema, or a rule in form.derive.zahlweise',
      ),
    ]);
  });

  it("refuses uiSchema entries of a list's items that are no fields of its items", () => {
    const { errors, text } = checkForm((d) => {
      const ui = formOfStep(d, 1)['uiSchema'] as JsonObject;
      ((ui['personen'] as JsonObject)['items'] as JsonObject)['geburtstag'] = {
        'ui:widget': 'date',
      };
      (ui['personen'] as JsonObject)['vorname'] = { 'ui:widget': 'text' };
    });
    expect(errors).toEqual([
      at(
        '/steps/1/form/uiSchema/personen/items/geburtstag',
        text,
        ['"geburtstag"'],
        'uiSchema names "geburtstag", which is not a field of the items of list "personen" in step "reisende"',
      ),
      at(
        '/steps/1/form/uiSchema/personen/vorname',
        text,
        ['"uiSchema"', '"vorname"'],
        '"vorname" is not a part of the list "personen"; the fields of its items go under "items"',
      ),
    ]);
  });

  it('requires the texts of the fields inside list items, without an index', () => {
    const { errors, text } = checkForm(undefined, (texts) => {
      const list = (texts['Travellers'] as JsonObject)['personen'] as JsonObject;
      delete (list['geburtsdatum'] as JsonObject)['label'];
      delete ((list['anrede'] as JsonObject)['options'] as JsonObject)['FRAU'];
    });
    expect(errors).toEqual([
      at(
        '/steps/1/form/schema/properties/personen/items/properties/geburtsdatum',
        text,
        ['"items"', '"geburtsdatum"'],
        'the text "Travellers.personen.geburtsdatum.label" (label of field "geburtsdatum" in the items of "personen") is missing',
      ),
      at(
        '/steps/1/form/schema/properties/personen/items/properties/anrede',
        text,
        ['"items"', '"anrede"'],
        'the text "Travellers.personen.anrede.options.FRAU" (label of option "FRAU") is missing',
      ),
    ]);
  });

  it("takes a list's add, remove and item texts from common.json when the flow has none", () => {
    expect(
      checkForm(undefined, (texts) => {
        delete ((texts['Travellers'] as JsonObject)['personen'] as JsonObject)['item'];
      }).errors,
    ).toEqual([]);
    const { errors, text } = checkForm(undefined, undefined, (common) => {
      delete (common['list'] as JsonObject)['add'];
    });
    expect(errors).toEqual([
      at(
        '/steps/1/form/schema/properties/personen',
        text,
        ['"id": "reisende"', '"personen"'],
        'the text "Travellers.personen.add" (add button of list "personen", and common:list.add is missing too)',
      ),
    ]);
  });

  it('refuses required inside then, else, dependentSchemas and dependentRequired, naming requiredWhen', () => {
    const { errors, text } = checkForm((d) => {
      const schema = schemaOf(d, 0);
      schema['if'] = { properties: { gruppe: { const: 'FAMILIE' } } };
      schema['then'] = { required: ['kinder'] };
      schema['dependentRequired'] = { kinder: ['gruppe'] };
      const item = itemsOf(d);
      item['dependentSchemas'] = { anrede: { required: ['geburtsdatum'] } };
    });
    expect(errors).toEqual([
      at(
        '/steps/0/form/schema/then/required',
        text,
        ['"then"', '"required"'],
        '"required" inside "then" makes "kinder" required only under a condition, which the label\'s "(optional)" cannot follow; state the condition as form.requiredWhen: { "kinder": <rule> } instead',
      ),
      at(
        '/steps/0/form/schema/dependentRequired',
        text,
        ['"dependentRequired"'],
        '"dependentRequired" makes fields required only when another is answered',
      ),
      at(
        '/steps/1/form/schema/properties/personen/items/dependentSchemas/anrede/required',
        text,
        ['"dependentSchemas"', '"required"'],
        '"required" inside "dependentSchemas" makes "geburtsdatum" required only under a condition',
      ),
    ]);
  });

  it('reports a schema that does not compile at the exact place inside a list item or a branch', () => {
    const { errors, text } = checkForm((d) => {
      (itemsOf(d)['properties'] as JsonObject)['geburtsdatum'] = {
        type: 'string',
        format: 'datum',
      };
      const schema = schemaOf(d, 0);
      schema['if'] = { properties: { gruppe: { const: 'FAMILIE' } } };
      schema['then'] = { properties: { kinder: { type: 'integer', maxAge: 'x' } } };
    });
    expect(errors).toEqual([
      at(
        '/steps/0/form/schema/then/properties/kinder/maxAge',
        text,
        ['"then"', '"maxAge"'],
        'the form schema does not compile: strict mode: missing type "string" for keyword "maxAge"',
      ),
      at(
        '/steps/1/form/schema/properties/personen/items/properties/geburtsdatum/format',
        text,
        ['"items"', '"format": "datum"'],
        'the form schema does not compile: unknown format "datum"',
      ),
    ]);
  });
});
