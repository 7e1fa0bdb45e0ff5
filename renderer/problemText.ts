import { toFieldPathId, type GlobalFormOptions } from '@rjsf/utils';
import { problemMessage, type FieldProblem } from '#engine';
import { textLookupOf, type RendererFormContext } from './formContext.ts';

/**
 * The text of a problem, the same at the field, in the error summary and in the server's answer
 * (the engine's problemMessage): the first of its keys with a text, naming the list item it lies
 * in ("Person 2: …"), else the default field error.
 */
export function problemText(problem: FieldProblem, context: RendererFormContext): string {
  return problemMessage(problem, textLookupOf(context));
}

/**
 * The id of the input a problem belongs to (`personen.1.geburtsdatum` -> `feld-personen-1-geburtsdatum`),
 * as rjsf gives it to the widget: the error summary links to it, and touched list inputs are kept by it.
 */
export function problemFieldId(path: string, options: GlobalFormOptions): string {
  const segments = path.split('.');
  const last = segments[segments.length - 1] ?? path;
  return toFieldPathId(last, options, segments.slice(0, -1)).$id;
}
