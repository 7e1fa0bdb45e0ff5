// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { toFieldPathId, type RJSFSchema, type UiSchema } from '@rjsf/utils';
import type { ValidateFunction } from 'ajv';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Step, WizardDefinition } from '../../engine/index.ts';
import { storageKey, Wizard } from '../../renderer/index.ts';
import { PlainField } from '../../renderer/PlainField.tsx';
import { FORM_OPTIONS, isPlainField } from '../../renderer/fieldShapes.ts';
import { applicationSetup } from '../support/definitions.ts';
import { fakeServices, loadGeneratedFlow, setupTexts } from './support.tsx';
import { formContext } from './widgets/props.ts';

// Each consent's text is shown once: beside its box, which it names. A single box carries its
// label beside it, so the field around it draws no label of its own (the consent steps showed
// every sentence twice, as a bold label above the box and again beside it).

afterEach(cleanup);

/** How often `text` occurs in the element's text. */
const occurrences = (element: Element, text: string): number =>
  (element.textContent ?? '').split(text).length - 1;

describe('the bike application’s consent step', () => {
  let bike: WizardDefinition;
  let validators: Record<string, ValidateFunction>;
  beforeAll(async () => {
    await setupTexts('fahrrad');
    ({ definition: bike, validators } = await loadGeneratedFlow('fahrrad'));
  });

  it('shows each consent’s text once, as the name of its box, with its help beside it', async () => {
    const { services, storage } = fakeServices();
    const setup = applicationSetup(bike, 'customer', {
      brand: 'andsafe',
      today: '2025-06-15',
      partnerNummer: '',
    });
    storage.set(
      storageKey('fahrrad', bike.version, { variant: 'customer' }),
      JSON.stringify({
        productName: 'FAHRRAD',
        productIdentifier: 'FAHRRAD',
        baseRoute: '/antrag/fahrrad',
        steps: bike.steps.map(({ id }) => ({ id })),
        currentStep: 'einwilligungen',
        formData: {},
        irrelevantKeys: {},
        applicationResult: null,
        applicationSent: false,
        prefilled: false,
      }),
    );
    const { container } = render(
      <Wizard
        setup={setup}
        validators={validators}
        services={services}
        segment="einwilligungen"
        fileLimits={{ maxSizeBytes: 1000, maxCount: 1 }}
      />,
    );
    await screen.findByRole('heading', { level: 1, name: 'Einwilligungen und Antrag absenden' });
    const consents = [
      'Ich habe die Versicherungsbedingungen, das Produktinformationsblatt und die Verbraucherinformationen erhalten.',
      'Ich habe die Datenschutzhinweise zur Kenntnis genommen.',
      'Ich verzichte auf eine Beratung und Dokumentation.',
      'Ich möchte per E-Mail über Angebote informiert werden.',
    ];
    for (const consent of consents) expect(occurrences(container, consent), consent).toBe(1);
    expect(screen.getAllByRole('checkbox')).toHaveLength(4);
    for (const consent of consents.slice(0, 3))
      expect(screen.getByRole('checkbox', { name: consent })).toBeTruthy();
    // The optional box says so in its name, as every optional field does.
    expect(screen.getByRole('checkbox', { name: `${consents[3]} (optional)` })).toBeTruthy();
    for (const consent of [consents[0], consents[2]])
      expect(screen.getByRole('button', { name: `Hilfe zu ${consent} öffnen` })).toBeTruthy();
  });
});

const definitions = readdirSync('generated/definitions')
  .filter((name) => name.endsWith('.json'))
  .map(
    (file) =>
      JSON.parse(readFileSync(join('generated/definitions', file), 'utf8')) as {
        id: string;
        steps: Step[];
      },
  );

describe('every single box of every definition', () => {
  it('shows its label once, beside the box, required or optional, with an error and a help', () => {
    const label = 'Ich bestätige diesen Satz.';
    const context = formContext({
      texts: { optionalSuffix: ' (optional)', errorPrefix: 'Fehler: ' },
    });
    let boxes = 0;
    for (const definition of definitions)
      for (const step of definition.steps) {
        const root = (step.form?.schema ?? { type: 'object' }) as RJSFSchema;
        const uiRoot = (step.form?.uiSchema ?? {}) as Record<string, UiSchema | undefined>;
        for (const [name, schema] of Object.entries(root.properties ?? {})) {
          const ui = uiRoot[name] ?? {};
          const field = schema as RJSFSchema;
          if (!isPlainField(field, ui) || field.type !== 'boolean') continue;
          if (ui['ui:widget'] !== undefined && ui['ui:widget'] !== 'checkbox') continue;
          boxes += 1;
          // Every box with the label under test and a help button (`ui:help`, a flag in our format).
          const withHelp: Record<string, unknown> = { ...ui, 'ui:title': label, 'ui:help': true };
          for (const required of [true, false]) {
            const { container, unmount } = render(
              <PlainField
                name={name}
                schema={field}
                uiSchema={withHelp as UiSchema}
                required={required}
                value={undefined}
                rawErrors={['Bitte bestätigen Sie diesen Satz.']}
                fieldPathId={toFieldPathId(name, FORM_OPTIONS)}
                registry={{ formContext: context, globalFormOptions: FORM_OPTIONS }}
                onChange={vi.fn()}
                onBlur={vi.fn()}
                onFocus={vi.fn()}
              />,
            );
            const where = `${definition.id}/${step.id}/${name}`;
            expect(occurrences(container, label), where).toBe(1);
            const boxName = required ? label : `${label} (optional)`;
            expect(within(container).getByRole('checkbox', { name: boxName }), where).toBeTruthy();
            expect(within(container).getAllByRole('button'), where).toHaveLength(1);
            unmount();
          }
        }
      }
    // The consent boxes of the applications, the SEPA mandates, the claim report's police box, ...
    expect(boxes).toBeGreaterThan(30);
  });
});
