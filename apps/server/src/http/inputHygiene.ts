import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fieldMessage, sendValidationError, type FieldError } from './errors.ts';

/** Limits every request part must keep, whatever its route's own schema says. */
export interface InputLimits {
  /** Deepest nesting of objects and arrays (the top level is depth 1). */
  maxDepth: number;
  /** Longest string (values and property names), in UTF-16 code units. */
  maxStringLength: number;
  /** Most properties of one object. */
  maxProperties: number;
  /** Most items of one array. */
  maxItems: number;
  /** Most values in one request part altogether. */
  maxValues: number;
}

/** The platform's limits: far above any form, far below what could hurt the server. */
export const DEFAULT_INPUT_LIMITS: InputLimits = {
  maxDepth: 32,
  maxStringLength: 20_000,
  maxProperties: 500,
  maxItems: 1_000,
  maxValues: 20_000,
};

/** Most field errors one 400 lists. */
const MAX_ERRORS = 20;

/** C0 controls except tab, line feed and carriage return; DEL; C1 controls. */
const isControl = (code: number): boolean =>
  (code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) ||
  (code >= 0x7f && code <= 0x9f);

/**
 * Why a text cannot be stored or shown as it is: `controlCharacter` (NUL and other control
 * characters; tab and line breaks are fine), `loneSurrogate` (half of a UTF-16 pair, not text), or
 * undefined when it is clean.
 */
export function textProblem(text: string): 'controlCharacter' | 'loneSurrogate' | undefined {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (isControl(code)) return 'controlCharacter';
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return 'loneSurrogate';
      index += 1;
    } else if (code >= 0xdc00 && code <= 0xdfff) return 'loneSurrogate';
  }
  return undefined;
}

/** Escapes a property name for a JSON Pointer (RFC 6901). */
const pointerPart = (key: string): string => key.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Field errors of one request part (`body`, `querystring`, `params`): control characters and lone
 * surrogates in strings and property names, strings over the length limit, numbers that are not
 * finite (1e400), nesting, property, item and value counts over the limits. Walks without
 * recursion, so no nesting can overflow the stack; stops at the first problems.
 */
export function inputProblems(
  part: string,
  value: unknown,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): FieldError[] {
  const errors: FieldError[] = [];
  const add = (path: string, keyword: string) => {
    errors.push({ path, keyword, message: fieldMessage(keyword) });
  };
  const checkText = (path: string, text: string) => {
    if (text.length > limits.maxStringLength) add(path, 'maxLength');
    else {
      const problem = textProblem(text);
      if (problem) add(path, problem);
    }
  };
  const stack: { value: unknown; path: string; depth: number }[] = [
    { value, path: `/${part}`, depth: 1 },
  ];
  let seen = 0;
  while (stack.length > 0 && errors.length < MAX_ERRORS) {
    const item = stack.pop();
    if (!item) break;
    seen += 1;
    if (seen > limits.maxValues) {
      add(`/${part}`, 'maxValues');
      break;
    }
    const { path, depth } = item;
    const current = item.value;
    if (typeof current === 'string') checkText(path, current);
    else if (typeof current === 'number' && !Number.isFinite(current)) add(path, 'number');
    else if (typeof current === 'object' && current !== null && !Buffer.isBuffer(current)) {
      if (depth > limits.maxDepth) {
        add(path, 'maxDepth');
        break;
      }
      if (Array.isArray(current)) {
        if (current.length > limits.maxItems) add(path, 'maxListItems');
        else
          current.forEach((child: unknown, index) =>
            stack.push({ value: child, path: `${path}/${index}`, depth: depth + 1 }),
          );
      } else {
        const entries = Object.entries(current);
        if (entries.length > limits.maxProperties) add(path, 'maxProperties');
        else
          for (const [key, child] of entries) {
            const childPath = `${path}/${pointerPart(key.slice(0, 100))}`;
            if (key.length > limits.maxStringLength || textProblem(key)) {
              add(childPath, 'propertyName');
              continue;
            }
            stack.push({ value: child, path: childPath, depth: depth + 1 });
          }
      }
    }
  }
  return errors.slice(0, MAX_ERRORS);
}

/** The problems of every part of a request that a route reads. */
export function requestProblems(
  request: Pick<FastifyRequest, 'body' | 'query' | 'params'>,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): FieldError[] {
  return [
    ...inputProblems('params', request.params, limits),
    ...inputProblems('querystring', request.query, limits),
    ...inputProblems('body', request.body, limits),
  ];
}

/**
 * Refuses, before any route's schema and handler, every request whose path parameters, query or
 * parsed body breaks {@link inputProblems}: a 400 in the field-error shape. Installed on the root
 * instance, so every route inherits it, also those of plugins registered later.
 */
export function installInputHygiene(
  app: FastifyInstance,
  limits: InputLimits = DEFAULT_INPUT_LIMITS,
): void {
  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    const problems = requestProblems(request, limits);
    if (problems.length > 0) return sendValidationError(reply, problems);
    return undefined;
  });
}
