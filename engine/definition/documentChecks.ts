import { derefSchema, propertiesOf, type SchemaLookup } from './schemaPaths.ts';
import { stepSchemaId, type WizardDefinition } from './types.ts';
import type { StaticDocument } from '../../generated/types/document.ts';

type Report = (pointer: string, message: string) => void;

/**
 * Checks a flow's `documents` section: only an application has one; the advice record's needs
 * step exists and has a form; its decision is an enum field of a step after the needs step; each
 * recommendation key is the text of a content block of the decision's step (the record prints
 * what the customer was shown).
 */
export function checkDocumentsSection(
  def: WizardDefinition,
  path: string,
  lookup: SchemaLookup,
  report: Report,
): void {
  const documents = def.documents;
  if (!documents) return;
  if (def.kind !== 'application')
    report('/documents', 'only an application flow has documents (offer, advice record)');
  const advice = documents.advice;
  if (!advice) return;
  const needsAt = def.steps.findIndex((s) => s.id === advice.needsStep);
  if (!def.steps[needsAt]?.form)
    report(
      '/documents/advice/needsStep',
      `there is no step with a form called "${advice.needsStep}" to take the customer's needs from`,
    );
  const [stepId = '', field = ''] = advice.decision.split('.');
  const decisionAt = def.steps.findIndex((s) => s.id === stepId);
  const step = def.steps[decisionAt];
  const found = step?.form
    ? propertiesOf(step.form.schema, stepSchemaId(path, step.id), lookup)?.get(field)
    : undefined;
  const schema =
    found && (derefSchema(found.schema, found.base, lookup).schema as { enum?: unknown });
  if (!step || !found)
    report(
      '/documents/advice/decision',
      `the flow has no field "${advice.decision}" to take the customer's decision from`,
    );
  else if (!Array.isArray(schema?.enum))
    report(
      '/documents/advice/decision',
      `"${advice.decision}" has no enum; the decision must be a choice whose option labels the record prints`,
    );
  else if (decisionAt < needsAt)
    report(
      '/documents/advice/decision',
      `the decision "${advice.decision}" comes before the needs step "${advice.needsStep}"; it follows the recommendation`,
    );
  if (!step) return;
  const shown = new Set((step.content ?? []).map((block) => block.textKey));
  advice.recommendationKeys.forEach((key, i) => {
    if (!shown.has(key))
      report(
        `/documents/advice/recommendationKeys/${i}`,
        `"${key}" is the text of no content block of step "${step.id}"; a recommendation is a text the decision's step shows`,
      );
  });
}

/** A static document file that passed its schema, with its reporter. */
export interface CheckedDocument {
  path: string;
  value: StaticDocument;
  report: Report;
}

/**
 * Checks the static documents together: each print product code and each contract product
 * belongs to at most one customer information.
 */
export function checkDocumentSet(documents: readonly CheckedDocument[]): void {
  const codes = new Map<string, string>();
  const products = new Map<string, string>();
  const consents = new Map<string, string>();
  for (const document of documents) {
    const { code, contractProducts, consent } = document.value;
    if (consent !== undefined) {
      const other = consents.get(consent.art);
      if (other)
        document.report('/consent/art', `the consent kind ${consent.art} is already ${other}`);
      else consents.set(consent.art, document.path);
    }
    if (code !== undefined) {
      const other = codes.get(code);
      if (other)
        document.report('/code', `the customer information of ${code} is already ${other}`);
      else codes.set(code, document.path);
    }
    contractProducts?.forEach((product, i) => {
      const other = products.get(product);
      if (other)
        document.report(
          `/contractProducts/${i}`,
          `contracts of ${product} already list the customer information ${other}`,
        );
      else products.set(product, document.path);
    });
  }
}
