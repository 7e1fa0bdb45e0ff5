import { PENDING_LISTS } from '../../generated/types/contract-view-lists.ts';
import { evaluateRule, type Rule } from './evaluate.ts';

/**
 * Fields of the contract view the back office fills itself when it issues an application (its
 * number, status, premiums, brand, agent, dates of the application, documents, and what a new
 * contract has none of yet); a line's `issue.contract` declares every other field.
 */
export const ISSUE_SERVER_FIELDS: ReadonlySet<string> = new Set([
  'versicherungsNummer',
  'vertragsstatus',
  'aktiv',
  'ueberfaellig',
  'dokumente',
  'deckungsVarianten',
  'versicherungsPraemie',
  'jahresVersicherungsPraemie',
  'folgePraemie',
  'marke',
  'vermittler',
  'antragsdatum',
  'beendigungsdatum',
  'beginnverlegung',
  'mahnung',
  'wirksamkeitsdatum',
  ...PENDING_LISTS,
  'aenderungshistorie',
  'aufgaben',
  'bestaetigtAm',
  'kuendigung',
  'widerruf',
  'lastUpdated',
]);

/** The variables an issue rule reads: the answers and the day of submission. */
export interface IssueScope {
  answers: Record<string, unknown>;
  /** The day the application was submitted (ISO date). */
  submittedOn: string;
}

/** The segments of a declared target path (`hausrat.hausratDeckungen.0.plz`). */
export const targetSegments = (path: string): string[] => path.split('.');

const isIndex = (segment: string): boolean => /^\d+$/.test(segment);

function setPath(target: Record<string, unknown>, segments: string[], value: unknown): void {
  let node: Record<string, unknown> | unknown[] = target;
  segments.forEach((segment, i) => {
    const last = i === segments.length - 1;
    const key = isIndex(segment) ? Number(segment) : segment;
    const container = node as Record<string | number, unknown>;
    if (last) {
      container[key] = value;
      return;
    }
    const next = container[key];
    if (typeof next !== 'object' || next === null)
      container[key] = isIndex(segments[i + 1] ?? '') ? [] : {};
    node = container[key] as Record<string, unknown> | unknown[];
  });
}

/**
 * The contract fields a line declares (`issue.contract`): each target path set to its rule's
 * value over the answers and the day of submission, shorter paths first (so `risikoOrt` may be
 * one whole answer step and `risikoOrt.ort` may still override a part). A rule that yields
 * undefined sets null (an unanswered optional field), and an object declared by parts whose parts
 * are all null is null (the bank details of a customer who pays by bill), a list item so declared
 * is left out.
 */
export function declaredContract(
  declaration: Readonly<Record<string, Rule>>,
  scope: IssueScope,
): Record<string, unknown> {
  const result: Record<string, unknown> = {};
  const paths = Object.keys(declaration).sort(
    (a, b) => targetSegments(a).length - targetSegments(b).length,
  );
  for (const path of paths) {
    const value = evaluateRule(declaration[path], { ...scope });
    setPath(result, targetSegments(path), structuredClone(value ?? null));
  }
  for (const [field, value] of Object.entries(result))
    if (!(field in declaration)) result[field] = collapsed(value);
  return result;
}

/**
 * An object whose parts are all null (or such objects) as null; a list without its items that
 * became null (the second dog of a customer with one).
 */
function collapsed(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(collapsed).filter((item) => item !== null);
  if (typeof value !== 'object' || value === null) return value;
  const parts = Object.entries(value).map(([key, part]) => [key, collapsed(part)] as const);
  return parts.every(([, part]) => part === null) ? null : Object.fromEntries(parts);
}

/** The day an application is issued on: the rule `issue.on`, else the day of submission. */
export function issueDay(on: Rule | undefined, scope: IssueScope): string | null {
  if (on === undefined) return scope.submittedOn;
  const value = evaluateRule(on, { ...scope });
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}
