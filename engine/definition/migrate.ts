/**
 * Versions and migrations: saved answers (`{ [step]: { [field]: value } }`) of an older version
 * of a definition become answers of its current version through the declared `migrations`.
 * Pure: no I/O, no DOM.
 */
import type { WizardDefinition } from './types.ts';
import type { Migration, MigrationChange } from '../../generated/types/wizard-definition.ts';

export type { Migration, MigrationChange };

/** Answers keyed by step id, then field. */
export type SavedAnswers = Record<string, Record<string, unknown>>;

/** The result of migrating saved answers. */
export type MigrationResult =
  | {
      ok: true;
      answers: SavedAnswers;
      /** Whether the answers came from another version (a migration ran). */
      migrated: boolean;
    }
  /** No chain of migrations leads from that version to the current one (or it is newer). */
  | { ok: false; reason: 'no-migration' | 'newer-version' };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A deep copy of plain JSON data. */
const copy = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** The migrations leading from a version to the definition's current one, in order; or undefined. */
export function migrationChain(
  definition: Pick<WizardDefinition, 'version' | 'migrations'>,
  fromVersion: number,
): Migration[] | undefined {
  const chain: Migration[] = [];
  let at = fromVersion;
  while (at < definition.version) {
    // The longest step first: a migration straight to a later version wins over small steps.
    const next = (definition.migrations ?? [])
      .filter((m) => m.from === at && m.to > at && m.to <= definition.version)
      .sort((a, b) => b.to - a.to)[0];
    if (!next) return undefined;
    chain.push(next);
    at = next.to;
  }
  return at === definition.version ? chain : undefined;
}

function read(answers: SavedAnswers, path: string): unknown {
  let node: unknown = answers;
  for (const segment of path.split('.')) {
    if (!isRecord(node)) return undefined;
    node = node[segment];
  }
  return node;
}

function write(answers: SavedAnswers, path: string, value: unknown): void {
  const segments = path.split('.');
  const last = segments.pop() as string;
  let node: Record<string, unknown> = answers;
  for (const segment of segments) {
    const child = node[segment];
    if (!isRecord(child)) node[segment] = {};
    node = node[segment] as Record<string, unknown>;
  }
  node[last] = value;
}

function remove(answers: SavedAnswers, path: string): void {
  const segments = path.split('.');
  const last = segments.pop() as string;
  let node: unknown = answers;
  for (const segment of segments) {
    if (!isRecord(node)) return;
    node = node[segment];
  }
  if (isRecord(node)) Reflect.deleteProperty(node, last);
}

const present = (value: unknown): boolean => value !== undefined && value !== null;

function mapValue(value: unknown, values: Record<string, unknown>): unknown {
  if (Array.isArray(value)) return value.map((item) => mapValue(item, values));
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
    const key = String(value);
    return Object.hasOwn(values, key) ? values[key] : value;
  }
  return value;
}

/** Applies one change to the answers (in place). */
function applyChange(answers: SavedAnswers, change: MigrationChange): void {
  switch (change.op) {
    case 'move': {
      const value = read(answers, change.from);
      if (!present(value)) return;
      remove(answers, change.from);
      write(answers, change.to, value);
      return;
    }
    case 'split': {
      const value = read(answers, change.from);
      if (typeof value !== 'string') return;
      remove(answers, change.from);
      const separator = change.separator ?? ' ';
      let rest = value.trim();
      change.to.forEach((target, i) => {
        const last = i === change.to.length - 1;
        const at = last ? -1 : rest.indexOf(separator);
        const part = last || at < 0 ? rest : rest.slice(0, at);
        rest = last || at < 0 ? '' : rest.slice(at + separator.length).trim();
        if (part.trim() !== '') write(answers, target, part.trim());
      });
      return;
    }
    case 'join': {
      const parts = change.from
        .map((path) => read(answers, path))
        .filter((v): v is string | number => typeof v === 'string' || typeof v === 'number')
        .map((v) => String(v).trim())
        .filter((v) => v !== '');
      change.from.forEach((path) => remove(answers, path));
      if (parts.length > 0) write(answers, change.to, parts.join(change.separator ?? ' '));
      return;
    }
    case 'default':
      if (!present(read(answers, change.path))) write(answers, change.path, copy(change.value));
      return;
    case 'drop':
      remove(answers, change.path);
      return;
    case 'mapValues': {
      const value = read(answers, change.path);
      if (present(value)) write(answers, change.path, mapValue(value, change.values));
      return;
    }
  }
}

/**
 * Migrates saved answers of `fromVersion` to the definition's current version through its
 * declared migrations. Answers of the current version come back unchanged (as a copy); answers
 * of a version with no chain to the current one, or of a newer version, cannot be used.
 */
export function migrateAnswers(
  definition: Pick<WizardDefinition, 'version' | 'migrations'>,
  fromVersion: number,
  answers: SavedAnswers,
): MigrationResult {
  if (fromVersion > definition.version) return { ok: false, reason: 'newer-version' };
  const chain = migrationChain(definition, fromVersion);
  if (!chain) return { ok: false, reason: 'no-migration' };
  const result: SavedAnswers = {};
  for (const [step, data] of Object.entries(answers)) if (isRecord(data)) result[step] = copy(data);
  for (const migration of chain)
    for (const change of migration.changes) applyChange(result, change);
  // A step left without answers disappears, so it reads as not answered.
  for (const [step, data] of Object.entries(result))
    if (Object.keys(data).length === 0) Reflect.deleteProperty(result, step);
  return { ok: true, answers: result, migrated: chain.length > 0 };
}

/** The answer paths a change writes. */
function targets(change: MigrationChange): string[] {
  switch (change.op) {
    case 'move':
    case 'join':
      return [change.to];
    case 'split':
      return change.to;
    case 'default':
    case 'mapValues':
      return [change.path];
    case 'drop':
      return [];
  }
}

/** The answer paths a change takes away (moves elsewhere or drops). */
function sources(change: MigrationChange): string[] {
  switch (change.op) {
    case 'move':
    case 'split':
      return [change.from];
    case 'join':
      return change.from;
    case 'drop':
      return [change.path];
    default:
      return [];
  }
}

/** One problem of a definition's versions and migrations, located by JSON pointer. */
export interface MigrationProblem {
  pointer: string;
  message: string;
}

/**
 * What is wrong with a definition's migrations: a migration that goes backwards or beyond the
 * current version, two for the same step, a version from the oldest migrated one on that no
 * chain leads from (without migrations, older answers are discarded), and an answer path written that the current steps do not have (`pathExists` tells,
 * given the step id and the field path) unless a later migration moves or drops it again.
 */
export function migrationProblems(
  definition: Pick<WizardDefinition, 'version' | 'migrations'>,
  pathExists: (stepId: string, fieldPath: string[]) => string | undefined,
): MigrationProblem[] {
  const problems: MigrationProblem[] = [];
  const migrations = definition.migrations ?? [];
  if (migrations.length === 0) return problems;
  const seen = new Map<string, number>();
  migrations.forEach((m, i) => {
    const at = `/migrations/${i}`;
    if (m.to <= m.from)
      problems.push({
        pointer: `${at}/to`,
        message: `a migration goes from an older version to a newer one, but this one goes from ${m.from} to ${m.to}`,
      });
    if (m.to > definition.version)
      problems.push({
        pointer: `${at}/to`,
        message: `this migration leads to version ${m.to}, but the definition's version is ${definition.version}: raise "version" or correct "to"`,
      });
    const key = `${m.from}->${m.to}`;
    const other = seen.get(key);
    if (other !== undefined)
      problems.push({
        pointer: at,
        message: `migrations ${other} and ${i} both go from version ${m.from} to ${m.to}; put their changes into one`,
      });
    else seen.set(key, i);
  });
  // Answers of versions below the oldest migration are discarded; from there on, every version
  // must reach the current one.
  const oldest = Math.min(...migrations.map((m) => m.from));
  for (let version = oldest; version < definition.version; version++) {
    if (migrationChain(definition, version)) continue;
    const starts = migrations.some((m) => m.from === version);
    problems.push({
      pointer: '/migrations',
      message: starts
        ? `saved answers of version ${version} cannot reach the current version ${definition.version}: the migrations from version ${version} end before it; add a migration to version ${definition.version}`
        : `saved answers of version ${version} cannot reach the current version ${definition.version}: there is no migration from version ${version}; add { "from": ${version}, "to": ${definition.version}, "changes": [...] } to "migrations"`,
    });
  }
  // A path written must exist now, unless a later migration (in version order) takes it away.
  const ordered = migrations
    .map((m, i) => ({ m, i }))
    .sort((a, b) => a.m.from - b.m.from || a.i - b.i);
  ordered.forEach(({ m, i }, position) => {
    m.changes.forEach((change, c) => {
      const takenLater = new Set<string>();
      for (const later of ordered.slice(position + 1))
        if (later.m.from >= m.to)
          later.m.changes.forEach((lc) => sources(lc).forEach((p) => takenLater.add(p)));
      m.changes.slice(c + 1).forEach((lc) => sources(lc).forEach((p) => takenLater.add(p)));
      targets(change).forEach((path, t) => {
        if (takenLater.has(path)) return;
        const [stepId, ...field] = path.split('.');
        const missing = pathExists(stepId ?? '', field);
        if (missing === undefined) return;
        const pointer =
          change.op === 'split'
            ? `/migrations/${i}/changes/${c}/to/${t}`
            : change.op === 'move' || change.op === 'join'
              ? `/migrations/${i}/changes/${c}/to`
              : `/migrations/${i}/changes/${c}/path`;
        problems.push({ pointer, message: `writes the answer "${path}", but ${missing}` });
      });
    });
  });
  return problems;
}
