import { describe, expect, it } from 'vitest';
import { formatCheckError, type CheckError } from '../../../engine/definition/types.ts';
import {
  CLAIM_ENTRY,
  CLAIM_ENTRY_TEXTS,
  SMALL,
  ZAHLUNGSWEISE,
  elementPosition,
  errorsOf,
  errorsWith,
  filesWithSmall,
  positionOf,
  pretty,
  realFiles,
  realJson,
  realText,
  smallDefinition,
  stepAt,
  withFile,
  type JsonObject,
} from './fixtures.ts';

/** What a test expects of one error: exact place, a fragment of the message. */
function located(
  file: string,
  pointer: string,
  position: { line: number; column: number },
  fragment: string,
): CheckError {
  return {
    file,
    pointer,
    line: position.line,
    column: position.column,
    message: expect.stringContaining(fragment) as unknown as string,
  };
}

/** A broken copy of a real file: changed by `change`, checked with the other real files. */
function broken(
  path: string,
  change: (definition: JsonObject) => void,
): { errors: CheckError[]; text: string } {
  const definition = realJson(path);
  change(definition);
  return errorsWith(path, definition);
}

const formOf = (step: JsonObject): JsonObject => step['form'] as JsonObject;
const propertiesOf = (step: JsonObject): JsonObject =>
  (formOf(step)['schema'] as JsonObject)['properties'] as JsonObject;
const setVisibleWhenOfStart = (rule: unknown) => (d: JsonObject) => {
  stepAt(d, 1)['visibleWhen'] = rule;
};

describe('the definitions check on the real files', () => {
  it('finds no error in definitions/', () => {
    expect(errorsOf(realFiles())).toEqual([]);
  });

  it('finds no error in the small flow the tests build on', () => {
    expect(errorsOf(filesWithSmall().files)).toEqual([]);
  });
});

describe('the definitions check, by kind of error', () => {
  it('reports a JSON syntax error at its line and column', () => {
    const text = '{\n  "id": "x",\n  "version" 1\n}';
    const errors = errorsOf(withFile('definitions/claims/x.json', text));
    expect(positionOf(text, ['"version"', '1'])).toEqual({ line: 3, column: 13 });
    expect(errors).toEqual([
      located(
        'definitions/claims/x.json',
        '',
        { line: 3, column: 13 },
        'JSON syntax error: ColonExpected',
      ),
    ]);
  });

  it('reports a missing required property at the object that lacks it, and nothing else', () => {
    const { errors } = broken(CLAIM_ENTRY, (d) => {
      delete d['kind'];
    });
    expect(errors).toEqual([
      located(CLAIM_ENTRY, '', { line: 1, column: 1 }, 'the property "kind" is required here'),
    ]);
  });

  it('reports a misspelt property at its key', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      const step = stepAt(d, 3);
      step['nextLabelkey'] = step['nextLabelKey'];
      delete step['nextLabelKey'];
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/3/nextLabelkey',
        positionOf(text, ['"nextLabelkey"']),
        '"nextLabelkey" is not a known property here (check its spelling)',
      ),
    ]);
  });

  it('reports an unknown widget name in the uiSchema', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      formOf(stepAt(d, 0))['uiSchema'] = { productType: { 'ui:widget': 'slider' } };
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/0/form/uiSchema/productType/ui:widget',
        positionOf(text, ['"ui:widget": "slider"']),
        'must be one of: "text"',
      ),
    ]);
  });

  it('reports a step id used twice at the second use', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      stepAt(d, 2)['id'] = 'start';
    });
    expect(errors).toContainEqual(
      located(
        CLAIM_ENTRY,
        '/steps/2/id',
        positionOf(text, ['"id": "start"', '"id": "start"']),
        'step id "start" is used twice (also at /steps/1)',
      ),
    );
  });

  it('reports a visibleWhen rule that reads a field the step does not have', () => {
    const { errors, text } = broken(
      CLAIM_ENTRY,
      setVisibleWhenOfStart({ '!=': [{ var: 'data.produkt-auswahl.prodType' }, 'BHV'] }),
    );
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/1/visibleWhen',
        positionOf(text, ['"id": "start"', '"visibleWhen"']),
        'step "produkt-auswahl" has no field "prodType"',
      ),
    ]);
  });

  it('reports a rule that reads the answer of a later step', () => {
    const { errors, text } = broken(
      CLAIM_ENTRY,
      setVisibleWhenOfStart({ '!': { var: 'data.vertrags-und-kontaktdaten.contractId' } }),
    );
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/1/visibleWhen',
        positionOf(text, ['"id": "start"', '"visibleWhen"']),
        'step "vertrags-und-kontaktdaten" comes later',
      ),
    ]);
  });

  it('reports a rule that reads a flag definitions/flags.json does not declare', () => {
    const { errors, text } = broken(
      CLAIM_ENTRY,
      setVisibleWhenOfStart({ var: 'context.flags.show-start' }),
    );
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/1/visibleWhen',
        positionOf(text, ['"id": "start"', '"visibleWhen"']),
        'reads the flag "show-start", which definitions/flags.json does not declare',
      ),
    ]);
  });

  it('reports a rule that reads an unknown context key', () => {
    const { errors, text } = broken(
      CLAIM_ENTRY,
      setVisibleWhenOfStart({ '==': [{ var: 'context.tenant' }, 'x'] }),
    );
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/1/visibleWhen',
        positionOf(text, ['"id": "start"', '"visibleWhen"']),
        'the context has no "tenant"',
      ),
    ]);
  });

  it('reports an unknown rule operator in a visibleWhen rule instead of failing', () => {
    const definition = realJson(CLAIM_ENTRY);
    setVisibleWhenOfStart({ like: [{ var: 'context.brand' }, 'h%'] })(definition);
    const text = pretty(definition);
    const files = withFile(CLAIM_ENTRY, text);
    let errors: CheckError[] = [];
    expect(() => {
      errors = errorsOf(files);
    }).not.toThrow();
    expect(errors).toContainEqual(
      located(
        CLAIM_ENTRY,
        '/steps/1/visibleWhen',
        positionOf(text, ['"id": "start"', '"visibleWhen"']),
        'unknown rule operator "like"',
      ),
    );
  });

  it('reports an application whose product code has no name in the common bundle', () => {
    const file = 'definitions/applications/fahrrad.json';
    const common = realJson('definitions/locales/de/common.json');
    delete (common['products'] as JsonObject)['FAHRRAD'];
    const errors = errorsOf(withFile('definitions/locales/de/common.json', pretty(common)));
    expect(errors).toContainEqual(
      located(
        file,
        '/product/code',
        positionOf(realText(file), ['"product"', '"code"']),
        'the text "common:products.FAHRRAD" (the product\'s name on the home page, the agent\'s customer page and drafts) is missing in definitions/locales/de/common.json',
      ),
    );
  });

  it('reports a title key that the locale bundle lacks', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      d['titleKey'] = 'Titel';
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/titleKey',
        positionOf(text, ['"titleKey"']),
        'the text "Titel" (named here) is missing in definitions/locales/de/claim-entry.json',
      ),
    ]);
  });

  it('reports a field label removed from the locale bundle at the field of the definition', () => {
    const texts = realJson(CLAIM_ENTRY_TEXTS);
    delete ((texts['ProductType'] as JsonObject)['productType'] as JsonObject)['label'];
    const errors = errorsOf(withFile(CLAIM_ENTRY_TEXTS, pretty(texts)));
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/0/form/schema/properties/productType',
        positionOf(realText(CLAIM_ENTRY), ['"properties"', '"productType"']),
        'the text "ProductType.productType.label" (label of field "productType") is missing',
      ),
    ]);
  });

  it('reports an endpoint name the API catalogue does not declare', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      (d['submit'] as JsonObject)['endpoint'] = 'claim-lookupp';
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/submit/endpoint',
        positionOf(text, ['"submit"', '"endpoint"']),
        'unknown endpoint "claim-lookupp"',
      ),
    ]);
  });

  it('reports a missing path parameter of an endpoint with {id}', () => {
    const { errors, text } = broken(ZAHLUNGSWEISE, (d) => {
      delete (d['calculate'] as JsonObject)['params'];
    });
    expect(errors).toEqual([
      located(
        ZAHLUNGSWEISE,
        '/calculate',
        positionOf(text, ['"calculate": {']),
        'needs the path parameter "id" in params',
      ),
    ]);
  });

  it('reports an outcome that goes to a page the definition does not have', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      const cases = (d['submit'] as JsonObject)['onSuccess'] as JsonObject[];
      (cases[0] as JsonObject)['page'] = 'fehlerseite';
    });
    expect(errors).toContainEqual(
      located(
        CLAIM_ENTRY,
        '/submit/onSuccess/0/page',
        positionOf(text, ['"submit"', '"page": "fehlerseite"']),
        'there is no page "fehlerseite"',
      ),
    );
  });

  it('reports a page action that goes to a step the definition does not have', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      const actions = ((d['pages'] as JsonObject[])[0] as JsonObject)['actions'] as JsonObject[];
      (actions[0] as JsonObject)['goTo'] = 'anfang';
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/pages/0/actions/0/goTo',
        positionOf(text, ['"goTo": "anfang"']),
        'there is no step "anfang"',
      ),
    ]);
  });

  it('reports a step whose visibleWhen is always false as unreachable', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      stepAt(d, 2)['visibleWhen'] = false;
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/2',
        elementPosition(text, ['"id": "erklaerung-bhv"']),
        'unreachable: step "erklaerung-bhv" is never reached',
      ),
    ]);
  });

  it('reports steps shown only for a brand the flow is not offered under as unreachable', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      d['brands'] = ['andsafe', 's-direkt'];
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/0',
        elementPosition(text, ['"id": "produkt-auswahl"']),
        'unreachable: step "produkt-auswahl"',
      ),
      located(
        CLAIM_ENTRY,
        '/steps/2',
        elementPosition(text, ['"id": "erklaerung-bhv"']),
        'unreachable: step "erklaerung-bhv"',
      ),
    ]);
  });

  it('reports a last step without onLeave as one dead end', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      delete stepAt(d, 3)['onLeave'];
    });
    const deadEnds = errors.filter((e) => e.message.startsWith('dead end'));
    expect(deadEnds).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/3',
        elementPosition(text, ['"id": "vertrags-und-kontaktdaten"']),
        'dead end: "vertrags-und-kontaktdaten" is the last visible step',
      ),
    ]);
    expect(errors).toContainEqual(
      located(
        CLAIM_ENTRY,
        '/submit',
        positionOf(text, ['"submit": {']),
        '"submit" is declared but no step runs it',
      ),
    );
  });

  it('reports an outcome that goes to the next step from the last step as a dead end', () => {
    const { errors, text } = broken(ZAHLUNGSWEISE, (d) => {
      (d['save'] as JsonObject)['onSuccess'] = { go: 'next' };
    });
    expect(errors).toContainEqual(
      located(
        ZAHLUNGSWEISE,
        '/save/onSuccess',
        positionOf(text, ['"save": {', '"onSuccess"']),
        'dead end: goes to the next step, but "bestaetigen" is the last visible step',
      ),
    );
  });

  it('reports a form schema with an unknown type at the type', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      propertiesOf(stepAt(d, 0))['productType'] = { type: 'strng' };
    });
    expect(errors).toContainEqual(
      located(
        CLAIM_ENTRY,
        '/steps/0/form/schema/properties/productType/type',
        positionOf(text, ['"type": "strng"']),
        'must be one of: "array"',
      ),
    );
    expect(
      errors.every((e) => e.pointer === '/steps/0/form/schema/properties/productType/type'),
    ).toBe(true);
  });

  it('reports a form schema with an unknown format as not compiling, at the format', () => {
    const { errors, text } = broken(CLAIM_ENTRY, (d) => {
      propertiesOf(stepAt(d, 3))['contractId'] = { type: 'string', format: 'vertragsnummer' };
    });
    expect(errors).toEqual([
      located(
        CLAIM_ENTRY,
        '/steps/3/form/schema/properties/contractId/format',
        positionOf(text, ['"id": "vertrags-und-kontaktdaten"', '"format": "vertragsnummer"']),
        'the form schema does not compile: unknown format "vertragsnummer"',
      ),
    ]);
  });

  it('reports a prefill target field that the step does not have', () => {
    const definition = smallDefinition();
    const fields = (definition['prefill'] as JsonObject)['fields'] as JsonObject;
    fields['insuranceSum'] = { target: 'fahrrad.preis' };
    const { files, text } = filesWithSmall(definition);
    expect(errorsOf(files)).toEqual([
      located(
        SMALL,
        '/prefill/fields/insuranceSum/target',
        positionOf(text, ['"insuranceSum"', '"target"']),
        'step "fahrrad" has no field "preis"',
      ),
    ]);
  });

  it('reports a prefill field name the product does not allow', () => {
    const definition = smallDefinition();
    const fields = (definition['prefill'] as JsonObject)['fields'] as JsonObject;
    fields['turnover'] = { target: 'fahrrad.kaufpreis' };
    const { files, text } = filesWithSmall(definition);
    expect(errorsOf(files)).toEqual([
      located(
        SMALL,
        '/prefill/fields/turnover',
        positionOf(text, ['"turnover"']),
        '"turnover" is not allowed as a name here',
      ),
    ]);
  });

  it('reports a file in a folder definitions/ does not know', () => {
    expect(errorsOf(withFile('definitions/misc/x.json', pretty({ id: 'x' })))).toEqual([
      located(
        'definitions/misc/x.json',
        '',
        { line: 1, column: 1 },
        'this file is in no known folder of definitions/',
      ),
    ]);
  });

  it('reports a brand file whose id differs from its file name', () => {
    const text = realText('definitions/brands/hfk.json');
    expect(errorsOf(withFile('definitions/brands/hfk2.json', text))).toEqual([
      located(
        'definitions/brands/hfk2.json',
        '/id',
        positionOf(text, ['"id"']),
        'id must equal the file name "hfk2"',
      ),
    ]);
  });
});

describe('a formatted check error', () => {
  it('reads file:line:column /pointer: message', () => {
    const definition = realJson(CLAIM_ENTRY);
    definition['id'] = 'x';
    const step = stepAt(definition, 3);
    step['nextLabelkey'] = step['nextLabelKey'];
    delete step['nextLabelKey'];
    const text = pretty(definition);
    const [error, ...rest] = errorsOf(withFile('definitions/claims/x.json', text));
    const { line, column } = positionOf(text, ['"nextLabelkey"']);
    expect(rest).toEqual([]);
    expect(error && formatCheckError(error)).toBe(
      `definitions/claims/x.json:${line}:${column} /steps/3/nextLabelkey: "nextLabelkey" is not a known property here (check its spelling)`,
    );
  });

  it('writes the pointer of a whole file as /', () => {
    const [error] = errorsOf(withFile('definitions/misc/x.json', '{}'));
    expect(error && formatCheckError(error)).toBe(
      'definitions/misc/x.json:1:1 /: this file is in no known folder of definitions/ (see docs/definitions.md)',
    );
  });
});
