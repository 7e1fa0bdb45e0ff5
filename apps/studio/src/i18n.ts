import { createInstance, type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import studio from './locales/de/studio.json';

// The flows' German bundles straight from definitions/locales (the studio needs no server).
const bundles = import.meta.glob('../../../definitions/locales/de/*.json', {
  import: 'default',
  eager: true,
}) as Record<string, Record<string, unknown>>;

/** The studio's own i18next: its texts (namespace `studio`) and every bundle of definitions/. */
export function createStudioI18n(): i18n {
  const instance = createInstance();
  const resources: Record<string, Record<string, unknown>> = { studio };
  for (const [key, bundle] of Object.entries(bundles)) {
    const namespace = key.replace(/^.*\//, '').replace(/\.json$/, '');
    resources[namespace] = Object.fromEntries(
      Object.entries(bundle).filter(([key]) => key !== '$schema'),
    );
  }
  void instance.use(initReactI18next).init({
    lng: 'de',
    fallbackLng: 'de',
    defaultNS: 'studio',
    ns: Object.keys(resources),
    resources: { de: resources },
    interpolation: { escapeValue: false },
    returnNull: false,
    initAsync: false,
  });
  return instance;
}
