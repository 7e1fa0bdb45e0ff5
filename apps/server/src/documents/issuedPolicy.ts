import { eq } from 'drizzle-orm';
import { formatGermanDate } from '#engine';
import type { ContractRow } from '../contracts/access.ts';
import type { Db } from '../db/database.ts';
import { agents, partners } from '../db/schema/index.ts';
import { marketOf } from '../platform/brands.ts';
import { deliverToCustomer } from '../portal/postfach.ts';
import type { UploadConfig } from '../portal/uploadStore.ts';
import type { TariffCatalogue } from '../tariffs/index.ts';
import { policyDocument } from './contractDocuments.ts';
import { documentFactsOf } from './lineFacts.ts';
import { renderPdf } from './pdf.ts';
import { brandSender, readBundle, strictTexts } from '../platform/texts.ts';

/** Where the policy of a new contract is made from and stored. */
export interface PolicyDelivery {
  /** The folder holding definitions/ (documents bundle, brands). */
  root: string;
  uploads: UploadConfig;
}

/**
 * Sends the customer of a newly issued contract its policy (Versicherungsschein): the PDF the
 * contract's documents serve (contractDocuments.ts, from the contract's data, nothing per line)
 * as of `today`, attached to an unread Postfach message naming the contract, its product and
 * start and the application it came from. `db` may be the issuing transaction. Answers the
 * message's id. The facts its line prints come from the line's tariff (`tariffs`).
 */
export async function deliverPolicy(
  db: Db,
  delivery: PolicyDelivery,
  row: ContractRow,
  antragsnummer: string,
  today: string,
  tariffs: TariffCatalogue,
): Promise<string> {
  const market = marketOf(row.brand);
  const texts = strictTexts(
    new Map([
      ['common', readBundle(delivery.root, 'common')],
      ['documents', readBundle(delivery.root, 'documents')],
    ]),
    'documents',
    market,
  );
  const [partner] = await db
    .select({
      vorname: partners.vorname,
      nachname: partners.nachname,
      firmenname: partners.firmenname,
    })
    .from(partners)
    .where(eq(partners.partnerNummer, row.partnerNummer));
  const [agent] = row.vermittlerNummer
    ? await db
        .select({ name: agents.name, vermittlerNummer: agents.vermittlerNummer })
        .from(agents)
        .where(eq(agents.vermittlerNummer, row.vermittlerNummer))
    : [];
  const built = policyDocument({
    row,
    texts,
    market,
    today,
    sender: brandSender(delivery.root, row.brand),
    customer: {
      name: partner ? (partner.firmenname ?? `${partner.vorname} ${partner.nachname}`) : '',
      partnerNummer: row.partnerNummer,
    },
    agent: agent ?? null,
    facts: documentFactsOf(tariffs, row.produkt, market.currency),
  });
  const values = {
    nummer: row.versicherungsNummer,
    produkt: row.versicherungsName,
    beginn: formatGermanDate(row.vertragsBeginn),
    antragsnummer,
  };
  return deliverToCustomer(db, delivery.uploads, row.partnerNummer, {
    betreff: texts.t('contract.issued.subject', values),
    nachricht: texts.t('contract.issued.text', values),
    file: {
      name: built.fileName,
      contentType: 'application/pdf',
      bytes: await renderPdf(built.model),
    },
  });
}
