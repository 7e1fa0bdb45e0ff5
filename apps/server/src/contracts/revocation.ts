import { addDays, formatISO } from 'date-fns';
import { parseDay } from '../tariffs/index.ts';
import type { ContractRow } from './access.ts';
import { isActive } from './contractView.ts';

/** Days of the statutory revocation period (§ 8 VVG). */
export const WIDERRUFSFRIST_TAGE = 14;

/** The spec's revocation info (section 3, "Other"). */
export interface Widerrufsinfo {
  widerrufsrecht: boolean;
  /** First day of the period (ISO date), null without a right of revocation. */
  widerrufbarVon: string | null;
  /** Last day of the period (ISO date), null without a right of revocation. */
  widerrufbarBis: string | null;
  istWiderrufbarJetzt: boolean;
}

/**
 * The revocation info of a contract on `today`. The period runs from the application day for 14
 * days after the policy was issued, which is the later of application day and start of cover.
 */
export function widerrufsinfoOf(
  row: Pick<
    ContractRow,
    'widerrufbar' | 'antragsdatum' | 'vertragsBeginn' | 'vertragsstatus' | 'widerruf'
  >,
  today: string,
): Widerrufsinfo {
  if (!row.widerrufbar) {
    return {
      widerrufsrecht: false,
      widerrufbarVon: null,
      widerrufbarBis: null,
      istWiderrufbarJetzt: false,
    };
  }
  const issued = row.antragsdatum > row.vertragsBeginn ? row.antragsdatum : row.vertragsBeginn;
  const bis = formatISO(addDays(parseDay(issued), WIDERRUFSFRIST_TAGE), { representation: 'date' });
  return {
    widerrufsrecht: true,
    widerrufbarVon: row.antragsdatum,
    widerrufbarBis: bis,
    istWiderrufbarJetzt:
      isActive(row.vertragsstatus) &&
      row.widerruf === null &&
      row.antragsdatum <= today &&
      today <= bis,
  };
}
