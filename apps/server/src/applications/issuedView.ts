import viewSchema from '../../../../definitions/schema/contract-view.schema.json' with { type: 'json' };
import {
  declaredContract,
  ISSUE_SERVER_FIELDS,
  type IssueScope,
  type WizardDefinition,
} from '#engine';
import type { ContractView } from '../../../../generated/types/contract-view.ts';
import { markeOf } from '../contracts/contractView.ts';
import { linePartsOf, viewProblems } from '../contracts/lineParts.ts';
import type { LineContractView } from '../contracts/storeView.ts';
import type { Brand } from '../db/schema/index.ts';
import { contractTariff, type Currency, type TariffCatalogue } from '../tariffs/index.ts';

/** The price an application was submitted with (its stored `beitrag`). */
export interface SubmittedPrice {
  beitrag: number;
  jahresbeitrag: number;
}

/** What the back office knows of an application besides its answers. */
export interface IssueInput {
  versicherungsNummer: string;
  brand: Brand;
  currency: Currency;
  price: SubmittedPrice;
  scope: IssueScope;
  /** The moment of issuing (the contract's first version). */
  now: Date;
}

/** A declaration that gave no contract the view schema describes, with ajv's findings. */
export class IssueDeclarationError extends Error {}

type SchemaNode = { type?: string | string[]; enum?: unknown[] };

/** Every field the server does not fill and the line does not declare: null, or an empty list. */
function blankFields(): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(viewSchema.properties as Record<string, SchemaNode>)) {
    if (ISSUE_SERVER_FIELDS.has(name)) continue;
    const types = Array.isArray(node.type) ? node.type : [node.type];
    if (types.includes('null') || node.enum?.includes(null)) fields[name] = null;
    else if (types.includes('array')) fields[name] = [];
  }
  return fields;
}

/**
 * The contract view an application is issued as: what the server knows (number, status LAUFEND,
 * the submitted premiums, the brand, the day of the application, the cover variants of the
 * product's contract tariff, no pending changes, history, tasks, end or documents yet) and what
 * the line declares (`issue.contract` over the answers), checked against
 * definitions/schema/contract-view.schema.json with the line's own parts (its tariff's `parts`,
 * lineParts.ts); a declaration that gives anything else throws
 * {@link IssueDeclarationError} naming what is wrong.
 */
export function issuedView(
  declaration: NonNullable<WizardDefinition['issue']>,
  input: IssueInput,
  tariffs: TariffCatalogue,
): LineContractView {
  const declared = declaredContract(declaration.contract, input.scope);
  const produkt = declared['produkt'];
  const tariff =
    typeof produkt === 'string'
      ? contractTariff(tariffs, produkt as ContractView['produkt'], input.currency)
      : undefined;
  const view: Record<string, unknown> = {
    ...blankFields(),
    versicherungsNummer: input.versicherungsNummer,
    vertragsstatus: 'LAUFEND',
    aktiv: true,
    ueberfaellig: false,
    dokumente: [],
    versicherungsPraemie: input.price.beitrag,
    jahresVersicherungsPraemie: input.price.jahresbeitrag,
    folgePraemie: input.price.beitrag,
    marke: markeOf(input.brand),
    vermittler: null,
    antragsdatum: input.scope.submittedOn,
    beendigungsdatum: null,
    beginnverlegung: null,
    mahnung: false,
    deckungsVarianten: (tariff?.coverVariants ?? [])
      .filter((variant) => variant.products.includes(produkt as ContractView['produkt']))
      .map((variant) => ({
        deckungsVarianteIdentifier: variant.id,
        deckungsVarianteName: variant.name,
        versicherungssumme: variant.insuranceSum,
      })),
    aenderungshistorie: [],
    aufgaben: [],
    bestaetigtAm: null,
    kuendigung: null,
    widerruf: null,
    lastUpdated: input.now.toISOString(),
    ...declared,
  };
  view['wirksamkeitsdatum'] = view['vertragsBeginn'] ?? null;
  for (const name of Object.keys(viewSchema.properties))
    if (name.startsWith('vorgemerkt')) view[name] = [];
  const problems = viewProblems(linePartsOf(tariffs), {
    ...view,
    produkt: typeof produkt === 'string' ? produkt : '',
  });
  if (problems !== null)
    throw new IssueDeclarationError(`the issue declaration gives no contract view: ${problems}`);
  return view as unknown as LineContractView;
}
