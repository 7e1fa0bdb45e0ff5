export { checkDefinitionSet, type CheckResult, type SourceFile } from './checkSet.ts';
export {
  parseSource,
  pointerSegments,
  toPointer,
  type JsonSource,
  type Position,
} from './source.ts';
export {
  interpolate,
  lookupCountedText,
  lookupText,
  splitKey,
  textLookup,
  type Bundles,
  type TextLookup,
} from './i18n.ts';
export { bundleDefinition, inlineRefs } from './bundle.ts';
export { partSchemaId, viewFieldsOf } from './partChecks.ts';
export {
  walkStepGraph,
  enumerateStepPaths,
  MAX_COMBINATIONS,
  OTHER_EXAMPLE,
  type GraphIssue,
  type StepPath,
} from './graph.ts';
export {
  formatCheckError,
  stepSchemaId,
  uriOfPath,
  DEFINITIONS_BASE_URI,
  draftDeclarations,
  type CheckError,
  type DraftDeclaration,
  type EndpointCall,
  type Outcome,
  type OutcomeCase,
  type ParsedDefinition,
  type Step,
  type WizardContext,
  type WizardDefinition,
} from './types.ts';
export {
  migrateAnswers,
  migrationChain,
  migrationProblems,
  type Migration,
  type MigrationChange,
  type MigrationProblem,
  type MigrationResult,
  type SavedAnswers,
} from './migrate.ts';
