// Our renderer: the generic Wizard on a generated flow of N text fields, precompiled validators,
// i18next texts, answers kept in sessionStorage exactly as the app keeps them.
import { createRoot } from 'react-dom/client';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { storageKey, Wizard, type WizardServices } from '#renderer';
import type { WizardSetup } from '#engine';
import type { EndpointCatalogue } from '../../../generated/types/endpoints.ts';
import endpointCatalogue from '../../../definitions/api/endpoints.json';
import common from '../../../definitions/locales/de/common.json';
import { flows, STEP } from 'virtual:bench-flows';
import { expose, fieldCount, fieldName } from '../shared/bench.ts';

const n = fieldCount();
const flow = flows[n];
if (!flow) throw new Error(`no bench flow with ${n} fields`);
const { definition } = flow;

await i18next.use(initReactI18next).init({
  lng: 'de',
  fallbackLng: 'de',
  defaultNS: 'common',
  ns: ['common', definition.i18nNamespace],
  resources: { de: { common, [definition.i18nNamespace]: flow.bundle } },
  interpolation: { escapeValue: false },
});

const key = storageKey(definition.id, definition.version);
window.sessionStorage.removeItem(key);

const setup: WizardSetup = {
  definition,
  endpoints: (endpointCatalogue as EndpointCatalogue).endpoints,
  context: {
    brand: 'andsafe',
    environment: 'localhost',
    role: 'claimant',
    flags: {},
    config: { claimProducts: [], claimApps: {} },
  },
};
const services: WizardServices = {
  transport: async () => ({ ok: false, status: 503, body: null }),
  navigate: () => undefined,
  forward: () => undefined,
  report: () => undefined,
  storage: window.sessionStorage,
  currentSegment: () => STEP,
};
const fileLimits = { maxSizeBytes: 10 * 1024 * 1024, maxCount: 10 };

expose({
  n,
  firstValue: () => {
    const raw = window.sessionStorage.getItem(key);
    const state = raw
      ? (JSON.parse(raw) as { formData: Record<string, Record<string, unknown>> })
      : null;
    return state?.formData[STEP]?.[fieldName(1)];
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('no #root');
createRoot(root).render(
  <Wizard
    setup={setup}
    validators={flow.validators}
    services={services}
    segment={STEP}
    fileLimits={fileLimits}
  />,
);
