// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import type { ValidateFunction } from 'ajv';
import { Wizard } from '../../renderer/index.ts';
import type { WizardDefinition } from '../../engine/index.ts';
import { claimEntrySetup, fakeServices, loadGeneratedFlow, setupTexts } from './support.tsx';

// The claim report's documents step names the documents its claim product requires
// (context.claimProduct.unterlagen, from definitions/claim-products.json), and none for a product
// that requires none.
let definition: WizardDefinition;
let validators: Record<string, ValidateFunction>;

beforeAll(async () => {
  await setupTexts('claim-report');
  ({ definition, validators } = await loadGeneratedFlow('claim-report'));
});
afterEach(cleanup);

function renderDocumentsStep(unterlagen: { key: string; label: string }[]) {
  const base = claimEntrySetup(definition, 'hfk');
  const claimProduct = {
    versicherung: 'X',
    route: 'x',
    schadenarten: [],
    polizeiFuer: [],
    unterlagen,
  };
  const setup = {
    ...base,
    context: {
      ...base.context,
      route: { product: 'x', contractIndex: '0' },
      entry: {},
      claimProduct,
    },
  };
  render(
    <Wizard
      setup={setup}
      validators={validators}
      services={fakeServices().services}
      segment="unterlagen"
      fileLimits={{ maxSizeBytes: 1000, maxCount: 1 }}
    />,
  );
}

describe('the documents step of a claim report', () => {
  it('lists the documents the claim product requires', async () => {
    renderDocumentsStep([
      { key: 'KAUFBELEG', label: 'Kaufbeleg des Instruments' },
      { key: 'FOTOS', label: 'Fotos des Schadens' },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Diese Unterlagen brauchen wir' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        'Bitte reichen Sie ein: Kaufbeleg des Instruments, Fotos des Schadens. Sie können sie hier hochladen oder später nachreichen.',
      ),
    ).toBeInTheDocument();
  });

  it('shows no such box for a product that requires none', async () => {
    renderDocumentsStep([]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Fotos und Unterlagen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Diese Unterlagen brauchen wir' })).toBeNull();
  });
});
