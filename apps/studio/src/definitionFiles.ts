import type { SourceFile } from '#engine';

// Every file under definitions/ as text, as the checker reads them (the studio runs in dev only).
const raw = import.meta.glob('../../../definitions/**/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Every JSON file under definitions/, by its path relative to the repository root. */
export const definitionFiles: readonly SourceFile[] = Object.entries(raw)
  .map(([key, text]) => ({ path: key.replace(/^(\.\.\/)+/, ''), text }))
  .sort((a, b) => a.path.localeCompare(b.path));

/** The flow definitions a user may pick. */
export const flowFiles: readonly SourceFile[] = definitionFiles.filter((f) =>
  /^definitions\/(applications|claims|self-service|services)\//.test(f.path),
);

/** The same files with one replaced (or added when new). */
export function withText(path: string, text: string): SourceFile[] {
  const replaced = definitionFiles.map((f) => (f.path === path ? { path, text } : f));
  return replaced.some((f) => f.path === path) ? replaced : [...replaced, { path, text }];
}
