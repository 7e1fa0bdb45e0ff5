import { formatGermanDate } from '#engine';
import common from '../../../../definitions/locales/de/common.json' with { type: 'json' };
import documents from '../../../../definitions/locales/de/documents.json' with { type: 'json' };
import type { Vertragsende } from '../db/schema/index.ts';
import { strictTexts } from '../platform/texts.ts';
import type { PlatformMessage } from '../portal/postfach.ts';
import type { ContractRow } from './access.ts';

const texts = strictTexts(
  new Map<string, unknown>([
    ['common', common],
    ['documents', documents],
  ]),
  'documents',
);

/** What a confirmation of a cancellation or revocation names. */
export interface EndConfirmationInput {
  art: 'kuendigung' | 'widerruf';
  row: Pick<ContractRow, 'versicherungsNummer' | 'versicherungsName'>;
  /** The reason's label as the customer chose it. */
  grund: string;
  record: Vertragsende;
}

/**
 * The Postfach message confirming a cancellation or revocation (texts of the documents bundle,
 * `postfach.*`): contract number and product, the reason's label, the day it takes effect
 * (German date) and the customer's own words, when given.
 */
export function endConfirmation(input: EndConfirmationInput): PlatformMessage {
  const kind = input.art === 'kuendigung' ? 'cancellation' : 'revocation';
  const { freitext } = input.record;
  return {
    betreff: texts.t(`postfach.${kind}Subject`),
    nachricht: texts.t(`postfach.${kind}Text`, {
      nummer: input.row.versicherungsNummer,
      produkt: input.row.versicherungsName,
      datum: formatGermanDate(input.record.zum),
      grund: input.grund,
      anmerkung: freitext ? texts.t('postfach.remark', { freitext }) : '',
    }),
  };
}
