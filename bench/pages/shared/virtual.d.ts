// The flows bench/flow/generate.ts writes before the build (aliased in bench/build.mjs).
declare module 'virtual:bench-flows' {
  import type { ValidateFunction } from 'ajv';
  import type { WizardDefinition } from '#engine';
  export const STEP: string;
  export const flows: Record<
    number,
    {
      definition: WizardDefinition;
      bundle: Record<string, unknown>;
      validators: Record<string, ValidateFunction>;
    }
  >;
}
