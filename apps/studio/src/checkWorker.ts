// Runs `definitions:check` (the engine's checkDefinitionSet) and the path enumeration off the
// page's thread: the studio sends the edited text, the worker answers with the problems of that
// file and every path per variant.
import { checkDefinitionSet, enumerateStepPaths, stepSchemaId } from '#engine';
import { withText } from './definitionFiles.ts';
import type { CheckRequest, CheckResponse } from './checkTypes.ts';

self.onmessage = (event: MessageEvent<CheckRequest>) => {
  const { id, path, text } = event.data;
  const { errors, definitions, ajv } = checkDefinitionSet(withText(path, text));
  const parsed = definitions.find((d) => d.path === path);
  const lookup = (uri: string): unknown => ajv.getSchema(uri)?.schema;
  const variants = parsed
    ? (parsed.value.variants?.map((v) => v.id as string) ?? [undefined]).map((variant) => ({
        variant: variant ?? null,
        paths:
          enumerateStepPaths(parsed.value, (step) => stepSchemaId(path, step), lookup, variant) ??
          [],
      }))
    : undefined;
  const response: CheckResponse = {
    id,
    errors: errors.filter((e) => e.file === path),
    elsewhere: errors.filter((e) => e.file !== path).length,
    ...(variants ? { variants } : {}),
  };
  self.postMessage(response);
};
