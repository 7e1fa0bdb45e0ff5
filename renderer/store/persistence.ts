import type { WizardState } from '#engine';

/** Where wizard state is kept per browser tab (sessionStorage in the app). */
export type StateStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Storage key of a flow's state; a new definition version starts afresh. */
export function storageKey(definitionId: string, version: number): string {
  return `wizard:${definitionId}:v${version}`;
}

function isState(value: unknown): value is WizardState {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  return (
    Array.isArray(s['steps']) &&
    typeof s['formData'] === 'object' &&
    s['formData'] !== null &&
    typeof s['irrelevantKeys'] === 'object' &&
    typeof s['applicationSent'] === 'boolean' &&
    typeof s['prefilled'] === 'boolean' &&
    (s['currentStep'] === null || typeof s['currentStep'] === 'string')
  );
}

/** The saved state of a flow, or undefined when there is none or it is unreadable. */
export function loadState(storage: StateStorage | undefined, key: string): WizardState | undefined {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return undefined;
    const parsed: unknown = JSON.parse(raw);
    return isState(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** Saves a flow's state; a full or unavailable storage only costs the reload safety. */
export function saveState(
  storage: StateStorage | undefined,
  key: string,
  state: WizardState,
): void {
  try {
    storage?.setItem(key, JSON.stringify(state));
  } catch {
    // Storage full or disabled: the wizard keeps working in memory.
  }
}
