import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const JSON_SCHEMA_META = 'https://json-schema.org/';

interface ResolvedFile {
  url: string;
}

/**
 * $ref options for json-schema-to-typescript: local files are read from disk, and the JSON Schema
 * meta-schema (used for a step's form schema) becomes a plain object type. Nothing is fetched.
 */
export function refOptions(root: string): Record<string, unknown> {
  return {
    resolve: {
      http: false,
      file: false,
      local: {
        order: 1,
        canRead: true,
        read: (file: ResolvedFile): unknown => {
          if (file.url.startsWith(JSON_SCHEMA_META)) {
            return { type: 'object', tsType: 'Record<string, unknown>' };
          }
          return JSON.parse(readFileSync(resolve(root, file.url), 'utf8')) as unknown;
        },
      },
    },
  };
}
