import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv } from '../validation/createAjv.ts';

/**
 * The ajv of one definitions check, kept for the next check of the same schema files: compiling
 * the meta-schemas and every step schema was most of a check's time, and the studio and the tests
 * check the same files again and again with one of them changed. A check adds its schemas through
 * `compile`: a schema already compiled under the same id from the same text is reused, a changed
 * one is compiled anew, and what the check did not add is removed when it ends, so the ajv a check
 * answers holds exactly its own schemas.
 */
export interface SchemaHost {
  ajv: Ajv2020;
  /** Whether the schema files were compiled by an earlier check (their errors were none then). */
  reused: boolean;
  /** Adds and compiles a schema under `id`; throws (and keeps nothing) when it does not compile. */
  compile(id: string, schema: object): void;
  /** Ends the check: removes the schemas an earlier check added and this one did not. */
  end(): void;
  /** Keeps this host for the next check of the same schema files (only when they had no error). */
  keep(): void;
}

interface Kept {
  key: string;
  ajv: Ajv2020;
  added: Map<string, string>;
}

let kept: Kept | undefined;

/** The host for a check whose schema files are `schemaFiles` (path and text each). */
export function schemaHostFor(
  schemaFiles: readonly { path: string; text: string }[],
  options: { standaloneCode: boolean },
): SchemaHost {
  const key = JSON.stringify([
    options.standaloneCode,
    [...schemaFiles].sort((a, b) => a.path.localeCompare(b.path)).map((f) => [f.path, f.text]),
  ]);
  const reused = kept?.key === key;
  const state: Kept =
    reused && kept ? kept : { key, ajv: createAjv(options), added: new Map<string, string>() };
  const used = new Set<string>();
  return {
    ajv: state.ajv,
    reused,
    compile(id, schema) {
      const text = JSON.stringify(schema);
      used.add(id);
      if (state.added.get(id) === text && state.ajv.getSchema(id)) return;
      state.ajv.removeSchema(id);
      state.added.delete(id);
      try {
        state.ajv.addSchema({ ...schema, $id: id });
        state.ajv.getSchema(id);
      } catch (error) {
        state.ajv.removeSchema(id);
        used.delete(id);
        throw error;
      }
      state.added.set(id, text);
    },
    end() {
      for (const id of [...state.added.keys()])
        if (!used.has(id)) {
          state.ajv.removeSchema(id);
          state.added.delete(id);
        }
    },
    keep() {
      kept = state;
    },
  };
}
