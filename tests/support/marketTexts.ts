/** Texts of the bundles' shapes: a currency name, amounts stated and computed, a ß. */
export const TEXTS = {
  label: 'Kaufpreis in {{waehrungName}}',
  help: 'Wir versichern Fahrräder von {{200, amount}} bis {{10000, amount}}.',
  premium:
    'Ihr Beitrag: {{beitrag, money}} jährlich, Versicherungssumme {{5000000, amount(compact)}}.',
  street: 'Straße',
  missing: 'Beitrag {{beitrag, money}}',
};
