import { describe, expect, it } from 'vitest';
import { migrateAnswers, migrationChain, type Migration } from '#engine';

// Saved answers follow the declared migrations from their version to the current one, the longest
// step first (docs/definitions.md, "Versions"): a migration straight to a later version says how
// the answers look there, and wins over the small steps that would reach it too.

const migrations: Migration[] = [
  { from: 1, to: 2, changes: [{ op: 'move', from: 'a.marke', to: 'a.hersteller' }] },
  { from: 2, to: 3, changes: [{ op: 'default', path: 'b.schloss', value: 'KEINS' }] },
  // Straight from 1 to 3: the make is asked as the maker and the lock is known to be a D-lock.
  {
    from: 1,
    to: 3,
    changes: [
      { op: 'move', from: 'a.marke', to: 'a.hersteller' },
      { op: 'default', path: 'b.schloss', value: 'BUEGEL' },
    ],
  },
];
const definition = { version: 3, migrations };

describe('the chain of migrations of saved answers', () => {
  it('takes the longest step first', () => {
    expect(migrationChain(definition, 1)).toEqual([migrations[2]]);
    expect(migrateAnswers(definition, 1, { a: { marke: 'Gazelle' } })).toEqual({
      ok: true,
      migrated: true,
      answers: { a: { hersteller: 'Gazelle' }, b: { schloss: 'BUEGEL' } },
    });
  });

  it('goes step by step where there is no longer step, whatever the order of the list', () => {
    const reversed = { version: 3, migrations: [...migrations].reverse() };
    expect(migrationChain(reversed, 2)).toEqual([migrations[1]]);
    expect(migrationChain(reversed, 1)).toEqual([migrations[2]]);
    const steps = { version: 3, migrations: migrations.slice(0, 2).reverse() };
    expect(migrationChain(steps, 1)).toEqual([migrations[0], migrations[1]]);
  });
});
