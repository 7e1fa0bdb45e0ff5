import { addDays, formatISO, parseISO } from 'date-fns';
import {
  adviceContent,
  answeredSections,
  answerLine,
  formatGermanDate,
  formatMoney,
  type AnswerLine,
  type Market,
  type StepAnswers,
  type SummarySection,
  type WizardDefinition,
} from '#engine';
import type { PdfModel, PdfRow, PdfSection } from './pdf.ts';
import { DocumentTemplateError, type StrictTexts } from '../platform/texts.ts';

/** A priced application: the premium per payment and per year and the tariff's outputs. */
export interface Premium {
  beitrag: number;
  jahresbeitrag: number;
  outputs: Readonly<Record<string, unknown>>;
}

/** What the offer and the advice record are made from. */
export interface DocumentInput {
  definition: WizardDefinition;
  /** The flow's texts (its namespace, common: and documents:), strict. */
  texts: StrictTexts;
  answers: StepAnswers;
  /** The rule context the answers were checked in (variant, brand, role, today). */
  context: Record<string, unknown>;
  /** The market of the brand: the premium is in its currency, numbers in its locale. */
  market: Market;
  premium: Premium;
  /** Today as an ISO date (the app's injected clock). */
  today: string;
  sender: { name: string; colour: string };
  /** The signed-in agent who advised, else null (an online advice). */
  advisor: { name: string; vermittlerNummer: string } | null;
  /** The customer the document is for, when known (an agent's customer, a signed-in customer). */
  customer: { name: string; partnerNummer: string } | null;
}

/** A document ready to render: its model, file name and the Postfach message about it. */
export interface ApplicationDocument {
  model: PdfModel;
  fileName: string;
  betreff: string;
  nachricht: string;
}

/** Rows of an answer line: nested objects and list items indented under their label. */
function rowsOf(line: AnswerLine, level: number): PdfRow[] {
  if (line.items)
    return [
      { label: line.label, text: '', level },
      ...line.items.flatMap((item) => [
        { label: item.heading, text: '', level: level + 1 },
        ...item.lines.flatMap((child) => rowsOf(child, level + 2)),
      ]),
    ];
  if (line.lines)
    return [
      { label: line.label, text: '', level },
      ...line.lines.flatMap((child) => rowsOf(child, level + 1)),
    ];
  return [{ label: line.label, text: line.text ?? '', level }];
}

/** A step's answers as a section: its title and each field's label and answer as people read it. */
function answerSection(section: SummarySection, texts: StrictTexts, locale: string): PdfSection {
  const prefix = section.step.i18nPrefix;
  const answerTexts = { ...texts, prefix, locale };
  return {
    heading: texts.t(`${prefix}.title`),
    blocks: [
      {
        kind: 'rows',
        rows: section.fields.flatMap((field) =>
          rowsOf(
            answerLine(
              field.name,
              field.name,
              field.value,
              field.schema,
              field.uiSchema,
              answerTexts,
            ),
            0,
          ),
        ),
      },
    ],
  };
}

function premiumSection(input: DocumentInput): PdfSection {
  const { texts, premium } = input;
  const zahlweise = premium.outputs['zahlweise'];
  const tax = premium.outputs['versicherungsteuer'];
  const rows: PdfRow[] = [
    {
      label: texts
        .t('documents:premium.perPeriod', {
          zahlweise:
            typeof zahlweise === 'string'
              ? texts.t(`documents:premium.zahlweise.${zahlweise}`)
              : '',
        })
        .trim(),
      text: formatMoney(premium.beitrag, input.market),
    },
    {
      label: texts.t('documents:premium.annual'),
      text: formatMoney(premium.jahresbeitrag, input.market),
    },
  ];
  if (typeof tax === 'number')
    rows.push({ label: texts.t('documents:premium.tax'), text: formatMoney(tax, input.market) });
  return { heading: texts.t('documents:premium.headline'), blocks: [{ kind: 'rows', rows }] };
}

function productName(input: DocumentInput): string {
  const key = input.definition.product?.nameKey;
  if (!key)
    throw new DocumentTemplateError(
      `flow "${input.definition.id}" names no product (product.nameKey)`,
    );
  return input.texts.t(key);
}

function commonFacts(input: DocumentInput): PdfRow[] {
  const { texts, customer } = input;
  const facts: PdfRow[] = [
    { label: texts.t('documents:common.date'), text: formatGermanDate(input.today) },
  ];
  if (customer)
    facts.push({
      label: texts.t('documents:common.customer'),
      text: texts.t('documents:common.customerValue', { ...customer }),
    });
  return facts;
}

const baseModel = (
  input: DocumentInput,
  title: string,
): Omit<PdfModel, 'facts' | 'sections' | 'notes'> => ({
  sender: input.sender,
  title,
  pageLabel: (seite, seiten) => input.texts.t('documents:common.page', { seite, seiten }),
  date: parseISO(input.today),
});

/**
 * The offer (definition `documents.offer`): sender, "Ihr Angebot: <product>", date and validity,
 * every answered step with its labels and answers, the premium per payment and per year (with
 * the insurance tax when the tariff names it), the validity and that the rates are illustrative.
 */
export function offerDocument(input: DocumentInput): ApplicationDocument {
  const offer = input.definition.documents?.offer;
  if (!offer)
    throw new DocumentTemplateError(`flow "${input.definition.id}" declares no documents.offer`);
  const { texts } = input;
  const produkt = productName(input);
  const validUntil = formatGermanDate(
    formatISO(addDays(parseISO(input.today), offer.validityDays), { representation: 'date' }),
  );
  const datum = formatGermanDate(input.today);
  return {
    model: {
      ...baseModel(input, texts.t('documents:offer.title', { produkt })),
      facts: [
        ...commonFacts(input),
        { label: texts.t('documents:offer.validUntil'), text: validUntil },
      ],
      sections: [
        ...answeredSections(input.definition, input.answers).map((s) =>
          answerSection(s, texts, input.market.locale),
        ),
        premiumSection(input),
      ],
      notes: [
        texts.t('documents:offer.validity', { datum: validUntil }),
        ...(offer.noteKeys ?? []).map((key) => texts.t(key)),
        texts.t('documents:common.illustrative'),
      ],
    },
    fileName: texts.t('documents:offer.fileName', { produkt, datum: input.today }),
    betreff: texts.t('documents:postfach.offerSubject', { produkt }),
    nachricht: texts.t('documents:postfach.offerText', { produkt, datum }),
  };
}

/** The advice record cannot be made yet: the needs or the decision are not answered. */
export interface AdviceIncomplete {
  incomplete: true;
  /** Answer paths (step/field) that are missing. */
  missing: string[];
}

/**
 * The advice record (definition `documents.advice`): sender, title, date, advisor (the agent's
 * name and number, else "Online-Beratung") and customer; the needs and wishes (the needs step's
 * answers), the recommendation (the texts the decision's step showed for them), the decision
 * (the chosen option's label), the premium, and the legal and illustrative notes.
 */
export function adviceDocument(input: DocumentInput): ApplicationDocument | AdviceIncomplete {
  const advice = input.definition.documents?.advice;
  if (!advice)
    throw new DocumentTemplateError(`flow "${input.definition.id}" declares no documents.advice`);
  const content = adviceContent(input.definition, input.answers, input.context);
  if (!content)
    throw new DocumentTemplateError(
      `documents.advice of flow "${input.definition.id}" names steps the flow does not have`,
    );
  const missing = [
    ...(content.needs ? [] : [advice.needsStep]),
    ...(content.decision.value === undefined ? [advice.decision.replace('.', '/')] : []),
  ];
  if (missing.length > 0 || !content.needs) return { incomplete: true, missing };
  if (content.recommendationKeys.length === 0)
    throw new DocumentTemplateError(
      `no recommendation of documents.advice.recommendationKeys of flow "${input.definition.id}" is shown for these answers`,
    );
  const { texts } = input;
  const produkt = productName(input);
  const datum = formatGermanDate(input.today);
  const decisionPrefix = content.decision.step.i18nPrefix;
  const decision = texts.t(
    `${decisionPrefix}.${content.decision.field}.options.${String(content.decision.value)}`,
  );
  const advisor = input.advisor
    ? texts.t('documents:advice.advisorAgent', { ...input.advisor })
    : texts.t('documents:advice.advisorOnline');
  const needs = answerSection(content.needs, texts, input.market.locale);
  return {
    model: {
      ...baseModel(input, texts.t('documents:advice.title', { produkt })),
      facts: [...commonFacts(input), { label: texts.t('documents:advice.advisor'), text: advisor }],
      sections: [
        { heading: texts.t('documents:advice.needs'), blocks: needs.blocks },
        {
          heading: texts.t('documents:advice.recommendation'),
          blocks: content.recommendationKeys.map((key) => ({
            kind: 'paragraph' as const,
            text: texts.t(key),
          })),
        },
        {
          heading: texts.t('documents:advice.decision'),
          blocks: [{ kind: 'paragraph', text: decision }],
        },
        premiumSection(input),
      ],
      notes: [texts.t('documents:advice.legal'), texts.t('documents:common.illustrative')],
    },
    fileName: texts.t('documents:advice.fileName', { produkt, datum: input.today }),
    betreff: texts.t('documents:postfach.adviceSubject', { produkt }),
    nachricht: texts.t('documents:postfach.adviceText', { produkt, datum }),
  };
}
