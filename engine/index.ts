/**
 * The framework-free wizard engine: definitions (load, check), rules (JSON Logic), the pure
 * wizard state machine, the shared validation module and endpoint calls.
 */
export * from './definition/index.ts';
export * from './rules/index.ts';
export * from './validation/index.ts';
export * from './wizard/index.ts';
export * from './submit/index.ts';
export * from './format/index.ts';
export * from './i18n/index.ts';
