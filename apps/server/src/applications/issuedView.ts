import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ValidateFunction } from 'ajv';
import {
  declaredContract,
  ISSUE_SERVER_FIELDS,
  type IssueScope,
  type WizardDefinition,
} from '#engine';
import type { ContractView } from '../../../../generated/types/contract-view.ts';
import { createAjv } from '../../../../engine/validation/createAjv.ts';
import { markeOf } from '../contracts/contractView.ts';
import type { Brand } from '../db/schema/index.ts';
import { contractTariff, type Currency, type TariffCatalogue } from '../pricing/index.ts';

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
  /** The folder holding definitions/, whose contract view schema the view must meet. */
  root: string;
}

/** A declaration that gave no contract the view schema describes, with ajv's findings. */
export class IssueDeclarationError extends Error {}

type SchemaNode = { type?: string | string[]; enum?: unknown[] };

/** The contract view schema of a definitions root and its validator. */
interface ViewSchema {
  properties: Record<string, SchemaNode>;
  validate: ValidateFunction<ContractView>;
}

const viewSchemas = new Map<string, ViewSchema>();

/** definitions/schema/contract-view.schema.json of `root`, read and compiled once per root. */
function viewSchemaOf(root: string): ViewSchema {
  let known = viewSchemas.get(root);
  if (!known) {
    const schema = JSON.parse(
      readFileSync(join(root, 'definitions', 'schema', 'contract-view.schema.json'), 'utf8'),
    ) as { properties: Record<string, SchemaNode> };
    known = {
      properties: schema.properties,
      validate: createAjv().compile<ContractView>(schema),
    };
    viewSchemas.set(root, known);
  }
  return known;
}

/** Every field the server does not fill and the line does not declare: null, or an empty list. */
function blankFields(viewSchema: ViewSchema): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [name, node] of Object.entries(viewSchema.properties)) {
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
 * definitions/schema/contract-view.schema.json of the input's root; a declaration that gives anything else throws
 * {@link IssueDeclarationError} naming what is wrong.
 */
export function issuedView(
  declaration: NonNullable<WizardDefinition['issue']>,
  input: IssueInput,
  tariffs: TariffCatalogue,
): ContractView {
  const viewSchema = viewSchemaOf(input.root);
  const { validate } = viewSchema;
  const declared = declaredContract(declaration.contract, input.scope);
  const produkt = declared['produkt'];
  const tariff =
    typeof produkt === 'string'
      ? contractTariff(tariffs, produkt as ContractView['produkt'], input.currency)
      : undefined;
  const view: Record<string, unknown> = {
    ...blankFields(viewSchema),
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
  if (!validate(view))
    throw new IssueDeclarationError(
      `the issue declaration gives no contract view: ${(validate.errors ?? [])
        .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
        .join('; ')}`,
    );
  return view;
}
