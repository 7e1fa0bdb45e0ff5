import type { FastifyInstance } from 'fastify';
import { createAjv } from '../../../../engine/validation/createAjv.ts';

/**
 * Validates route schemas with the platform's one ajv configuration (engine/validation/createAjv),
 * so server and browser agree on every keyword and format. No coercion, no removal of extra
 * properties: what the client sent is what is checked.
 */
export function installValidator(app: FastifyInstance): void {
  const ajv = createAjv();
  app.setValidatorCompiler(({ schema }) => ajv.compile(schema));
}
