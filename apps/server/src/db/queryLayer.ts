import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema/index.ts';

/** The drizzle query layer, the same type over PGlite and over PostgreSQL. */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
