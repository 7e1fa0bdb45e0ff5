import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { isValid, lightFormat, parseISO } from 'date-fns';
import { defaultFlags } from '../config/environment.ts';
import { bundleBackend } from './bundleBackend.ts';
import { bundlePath, translationSource, type TranslationSource } from './translationSource.ts';

/** Options of {@link setupI18n}. */
export interface I18nOptions {
  /** Preview or live bundles; default from the page's host and the default flags. */
  source?: TranslationSource;
  /**
   * Namespaces fetched with `common` (the flow of the page's route), so that the route's texts
   * are requested together with the common ones, not after the first render.
   */
  namespaces?: readonly string[];
}

/** Where the bundles come from now; {@link switchTranslationSource} changes it. */
let currentSource: TranslationSource = 'live';

/**
 * i18next with German as the only and fallback language and `common` as the default namespace;
 * bundles come from /api/i18n/{preview|live}/{namespace} (see translationSource.ts).
 */
export async function setupI18n(options: I18nOptions = {}): Promise<typeof i18next> {
  currentSource = options.source ?? translationSource(window.location.hostname, defaultFlags());
  await i18next
    .use(bundleBackend((namespace) => bundlePath(currentSource, namespace)))
    .use(initReactI18next)
    .init({
      lng: 'de',
      fallbackLng: 'de',
      supportedLngs: ['de'],
      load: 'currentOnly',
      defaultNS: 'common',
      ns: ['common', ...(options.namespaces ?? []).filter((ns) => ns !== 'common')],
      interpolation: { escapeValue: false },
      returnNull: false,
    });
  i18next.services.formatter?.add('datum', formatGermanDate);
  return i18next;
}

/**
 * Switches to the other bundles (the flag use-contentful-preview arrived after the texts were
 * requested from the defaults' source), loads every namespace loaded so far again from there and
 * has the shown texts render again.
 */
export async function switchTranslationSource(source: TranslationSource): Promise<void> {
  if (source === currentSource) return;
  currentSource = source;
  await i18next.reloadResources();
  // react-i18next renders again on a language change (the same language: the new bundles).
  await i18next.changeLanguage(i18next.language);
}

/**
 * The `datum` format of the bundles ({{wirksamAb, datum}}): an ISO date as dd.MM.yyyy; anything
 * else is shown as it is.
 */
export function formatGermanDate(value: unknown): string {
  if (typeof value !== 'string') return value === undefined || value === null ? '' : String(value);
  const date = parseISO(value);
  return isValid(date) ? lightFormat(date, 'dd.MM.yyyy') : value;
}

/**
 * Loads a namespace's bundle (a flow's texts) from the same source; resolves when it is there.
 * An already loaded one resolves at once: i18next's `loadNamespaces` waits for every namespace
 * still in flight (the portal texts the app shell requests after its first render), which held
 * a flow's first step back by that request.
 */
export async function loadNamespace(namespace: string): Promise<void> {
  if (i18next.hasLoadedNamespace(namespace)) return;
  await i18next.loadNamespaces(namespace);
}
