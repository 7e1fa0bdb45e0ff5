// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import { journeyOf, visibleSteps, type WizardDefinition } from '#engine';
import { inlineDefinition, inlineServices, renderFlow, setupInlineTexts } from './inline.tsx';

// A flow that continues a journey (the claim app after the claim entry) counts the journey's
// steps: the claim app's first step after three steps of the entry is "Schritt 4 von 7".

const steps = ['eins', 'zwei', 'drei', 'vier'].map((id) => ({
  id,
  i18nPrefix: 'Step',
  content: [{ type: 'text' as const, textKey: 'Step.text' }],
}));

beforeAll(() => setupInlineTexts({ Step: { title: 'Ein Schritt', text: 'Text' } }));
afterEach(cleanup);

describe('the progress of a journey', () => {
  it('counts the steps of the flow before this one, from the value it was opened with', async () => {
    const definition = inlineDefinition({
      steps,
      progress: { before: { var: 'context.entry.schritte' } },
    });
    const { services } = inlineServices();
    renderFlow({ definition, services, context: { entry: { schritte: '3' } } });
    expect(await screen.findByText('Schritt 4 von 7')).toBeVisible();
  });

  it('counts the steps of the flow after this one, and ignores a value that is no count', async () => {
    const definition = inlineDefinition({
      steps: steps.slice(0, 2),
      progress: { before: { var: 'context.entry.schritte' }, after: 4 },
    });
    const { services } = inlineServices();
    renderFlow({ definition, services, context: { entry: { schritte: 'viele' } } });
    expect(await screen.findByText('Schritt 1 von 6')).toBeVisible();
  });
});

describe('the claim journey as the definitions declare it', () => {
  const read = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as WizardDefinition;
  const entry = read('definitions/claims/claim-entry.json');
  const report = read('definitions/claims/claim-report.json');

  it('has the claim entry count as many steps after it as the claim report shows', () => {
    const setup = {
      definition: entry,
      endpoints: {},
      context: { brand: 'hfk', flags: {}, config: { claimProducts: [], claimApps: {} } },
    };
    const shown = visibleSteps(report, { data: {}, context: { entry: {} } }).length;
    expect(shown).toBe(4);
    expect(journeyOf(setup as never).after).toBe(shown);
  });
});
