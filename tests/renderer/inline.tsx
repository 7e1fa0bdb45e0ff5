import i18next from 'i18next';
import { render } from '@testing-library/react';
import type { ValidateFunction } from 'ajv';
import { vi } from 'vitest';
import {
  createAjv,
  initialState,
  type WizardDefinition,
  type WizardSetup,
} from '../../engine/index.ts';
import type { EndpointCatalogue } from '../../generated/types/endpoints.ts';
import { Wizard, type TransportResult, type WizardServices } from '../../renderer/index.ts';
import type { HttpRequest } from '../../engine/index.ts';
import { setupTexts } from './support.tsx';

/** The namespace of the small inline test flows. */
export const NS = 'inline-test';

/** An endpoint catalogue for inline flows. */
export const ENDPOINTS: EndpointCatalogue['endpoints'] = {
  price: { method: 'POST', path: '/api/preis', auth: 'none', description: 'price' },
  'draft-save': {
    method: 'PUT',
    path: '/api/entwuerfe/{id}',
    auth: 'bearer',
    description: 'draft',
  },
  streets: { method: 'GET', path: '/api/strassen', auth: 'none', description: 'streets' },
  apply: { method: 'POST', path: '/api/antrag', auth: 'none', description: 'apply' },
};

/** i18next with common and the inline flow's texts (replaced by each call). */
export async function setupInlineTexts(bundle: Record<string, unknown>): Promise<void> {
  await setupTexts('claim-entry');
  i18next.removeResourceBundle('de', NS);
  i18next.addResourceBundle('de', NS, { title: 'Testantrag', ...bundle });
}

/** A definition with the inline defaults (id, namespace, route) around the given parts. */
export function inlineDefinition(parts: Record<string, unknown>): WizardDefinition {
  return {
    id: 'inline-test',
    version: 3,
    kind: 'application',
    brands: ['andsafe'],
    roles: ['claimant'],
    baseRoute: '/antrag/test',
    i18nNamespace: NS,
    titleKey: 'title',
    ...parts,
  } as unknown as WizardDefinition;
}

/** Validators of every step with a form, compiled with the platform's ajv. */
export function compileValidators(definition: WizardDefinition): Record<string, ValidateFunction> {
  const ajv = createAjv();
  return Object.fromEntries(
    definition.steps
      .filter((step) => step.form)
      .map((step) => [step.id, ajv.compile(step.form?.schema ?? {})]),
  );
}

/** The setup of an inline flow with a context (brand andsafe, localhost, claimant by default). */
export function inlineSetup(
  definition: WizardDefinition,
  context: Record<string, unknown> = {},
): WizardSetup {
  return {
    definition,
    endpoints: ENDPOINTS,
    context: {
      brand: 'andsafe',
      environment: 'localhost',
      role: 'claimant',
      flags: {},
      config: { claimProducts: [], claimApps: {} },
      ...context,
    },
  };
}

/** A transport answering with `answer` (or by request) and services that record calls. */
export function inlineServices(
  answer:
    TransportResult | ((request: HttpRequest) => TransportResult | Promise<TransportResult>) = {
    ok: true,
    status: 200,
    body: {},
  },
) {
  const storage = new Map<string, string>();
  const services = {
    transport: vi.fn(async (request: HttpRequest) =>
      typeof answer === 'function' ? answer(request) : answer,
    ),
    navigate: vi.fn(),
    forward: vi.fn(),
    report: vi.fn(),
    leave: vi.fn(),
    notifyParent: vi.fn(),
    storage: {
      getItem: (k: string) => storage.get(k) ?? null,
      setItem: (k: string, v: string) => void storage.set(k, v),
      removeItem: (k: string) => void storage.delete(k),
    },
  } satisfies WizardServices;
  return { services, storage };
}

/** A saved state of an inline flow: its answers, shown at a step. */
export function savedState(
  definition: WizardDefinition,
  formData: Record<string, Record<string, unknown>>,
  currentStep: string,
): string {
  return JSON.stringify({ ...initialState(definition), formData, currentStep });
}

const LIMITS = { maxSizeBytes: 1000, maxCount: 1 };

/** Renders an inline flow in the Wizard. */
export function renderFlow(options: {
  definition: WizardDefinition;
  services: WizardServices;
  context?: Record<string, unknown>;
  segment?: string;
}) {
  const setup = inlineSetup(options.definition, options.context);
  const validators = compileValidators(options.definition);
  const view = render(
    <Wizard
      setup={setup}
      validators={validators}
      services={options.services}
      segment={options.segment}
      fileLimits={LIMITS}
    />,
  );
  return { ...view, setup, validators };
}
