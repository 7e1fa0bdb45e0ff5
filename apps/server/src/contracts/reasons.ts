import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { ContractReasons } from '../../../../generated/types/contract-reasons.ts';
import type { KeyLabel } from '../db/schema/index.ts';
import type { FlowRegistry } from '../flows/registry.ts';
import type { TariffCatalogue } from '../tariffs/index.ts';
import { lineOfProductKey } from './lines.ts';

/** The reasons a contract may be ended for, by line, as definitions/ declare them. */
export interface ReasonCatalogue {
  /**
   * Cancellation reasons (Kündigungsgründe) of a product key: a line (a tariff's `line`), a
   * contract product (in a tariff's `products`) or an application flow's product code: the
   * common reasons, the line's own (its tariff's `service.terminationReasons`) and the other
   * reason. Null for a key that names no line.
   */
  kuendigungsgruende(productKey: string): KeyLabel[] | null;
  /** Revocation reasons (Widerrufsgründe), the same for every line. */
  widerrufsgruende(): KeyLabel[];
  /** The key of the other reason, which asks for a free text (SONSTIGES). */
  otherReasonKey(): string;
}

/** What the reasons are read from. */
export interface ReasonSources {
  tariffs: TariffCatalogue;
  /** The application flows, for their product codes. */
  flows: Pick<FlowRegistry, 'definitions'>;
  /** The folder holding definitions/ (its contract-reasons.json). */
  root: string;
}

const copy = (reasons: readonly KeyLabel[]): KeyLabel[] =>
  reasons.map(({ key, label }) => ({ key, label }));

/**
 * The reasons of definitions/contract-reasons.json (read on first use) and of the lines' tariffs;
 * nothing here names a line. definitions:check makes sure a key is listed once per line and every
 * tariff of a line declares the same service.
 */
export function reasonCatalogue(sources: ReasonSources): ReasonCatalogue {
  let common: ContractReasons | undefined;
  const read = (): ContractReasons =>
    (common ??= JSON.parse(
      readFileSync(resolve(sources.root, 'definitions', 'contract-reasons.json'), 'utf8'),
    ) as ContractReasons);
  return {
    kuendigungsgruende(productKey) {
      const line = lineOfProductKey(sources.tariffs, sources.flows, productKey);
      if (line === undefined) return null;
      const tariff = sources.tariffs.all().find((candidate) => candidate.line === line);
      const { commonTerminationReasons, otherTerminationReason } = read();
      return copy([
        ...commonTerminationReasons,
        ...(tariff?.service?.terminationReasons ?? []),
        otherTerminationReason,
      ]);
    },
    widerrufsgruende: () => copy(read().revocationReasons),
    otherReasonKey: () => read().otherTerminationReason.key,
  };
}
