import type { WizardDefinition } from '#engine';

type TabStorage = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The URL query parameters a flow declares in `entryParams` (a claim-app token, a draft id), kept
 * for the browser tab so a reload or a later step still has them; a new value in the URL replaces
 * the kept one, and a fresh start (`fresh`: opened at the base route without parameters) forgets
 * them.
 */
export function entryParams(
  definition: WizardDefinition,
  search: string,
  storage: TabStorage,
  options: { fresh?: boolean } = {},
): Record<string, string> {
  const names = definition.entryParams ?? [];
  if (names.length === 0) return {};
  const key = `flow-entry:${definition.id}`;
  let kept: Record<string, string> = {};
  if (!options.fresh)
    try {
      kept = JSON.parse(storage.getItem(key) ?? '{}') as Record<string, string>;
    } catch {
      kept = {};
    }
  const query = new URLSearchParams(search);
  const values = Object.fromEntries(
    names.map((name) => [name, query.get(name) ?? kept[name] ?? '']).filter(([, v]) => v !== ''),
  );
  storage.setItem(key, JSON.stringify(values));
  return values;
}
