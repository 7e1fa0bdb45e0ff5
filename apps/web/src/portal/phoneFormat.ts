// The portal pages that show a telephone number load libphonenumber-js with this module.
import { formatPhone as formatValidPhone } from '../../../../engine/validation/phone.ts';

/** A telephone number in national notation ("0160 12345604"); empty for none. */
export const formatPhone = (value: string | null | undefined): string =>
  value ? formatValidPhone(value) : '';
