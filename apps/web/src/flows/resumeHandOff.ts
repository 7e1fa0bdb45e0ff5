/**
 * The answers a resume link restored, handed from the link's page to the flow in the same tab:
 * kept in sessionStorage under the flow's id until the flow opens and takes them (once).
 */
const keyOf = (flow: string): string => `wizard-resume:${flow}`;

/** What a resume link restores: the version the answers were saved under, and the answers. */
export interface ResumeHandOff {
  version: number;
  zustand: { formData: Record<string, unknown>; currentStep: string | null };
}

/** Keeps restored answers for the flow to take when it opens. */
export function handOver(storage: Storage, flow: string, saved: ResumeHandOff): void {
  try {
    storage.setItem(keyOf(flow), JSON.stringify(saved));
  } catch {
    // Storage denied: the flow starts empty.
  }
}

/** Takes (and removes) the answers handed over for a flow, when there are any. */
export function takeHandOff(storage: Storage, flow: string): ResumeHandOff | undefined {
  try {
    const raw = storage.getItem(keyOf(flow));
    if (!raw) return undefined;
    storage.removeItem(keyOf(flow));
    const parsed = JSON.parse(raw) as Partial<ResumeHandOff>;
    return typeof parsed.version === 'number' &&
      typeof parsed.zustand === 'object' &&
      parsed.zustand !== null
      ? (parsed as ResumeHandOff)
      : undefined;
  } catch {
    return undefined;
  }
}
