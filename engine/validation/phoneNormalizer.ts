/**
 * The telephone normaliser without a static dependency on libphonenumber-js: phone.ts hands its
 * `normalizePhone` over here when it is evaluated. The server and everything that imports this
 * module's index, formats.ts or phone.ts have it at once; the browser has it as soon as a flow's
 * precompiled validators (which import phone.ts for flows with telephone fields) are loaded.
 */
let normalizer: ((value: string) => string) | undefined;

/** Called by phone.ts with its normaliser. */
export function providePhoneNormalizer(normalize: (value: string) => string): void {
  normalizer = normalize;
}

/**
 * `normalizePhone` of phone.ts once that is loaded; before, the value trimmed (what
 * `normalizePhone` answers for any value that is not a valid number).
 */
export function normalizePhoneIfLoaded(value: string): string {
  return normalizer ? normalizer(value) : value.trim();
}

let formatter: ((value: string) => string) | undefined;

/** Called by phone.ts with its display formatter. */
export function providePhoneFormatter(format: (value: string) => string): void {
  formatter = format;
}

/** `formatPhone` of phone.ts once that is loaded; before, the value as it is. */
export function formatPhoneIfLoaded(value: string): string {
  return formatter ? formatter(value) : value;
}
