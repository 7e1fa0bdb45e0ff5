import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import common from '../../../../definitions/locales/de/common.json';

/** i18next with German as the only and fallback language; `common` is the default namespace. */
export async function setupI18n(): Promise<typeof i18next> {
  await i18next.use(initReactI18next).init({
    lng: 'de',
    fallbackLng: 'de',
    defaultNS: 'common',
    ns: ['common'],
    resources: { de: { common } },
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return i18next;
}
