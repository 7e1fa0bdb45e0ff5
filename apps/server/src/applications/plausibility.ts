import { readDataFile } from '../finders/data.ts';

/** A frame number as compared with the register: upper case, letters and digits only. */
export function frameNumberKey(frameNumber: string): string {
  return frameNumber.toUpperCase().replace(/[^A-Z0-9]/g, '');
}

let register: ReadonlySet<string> | undefined;

/**
 * Whether a frame number is in the demo register of bikes reported stolen
 * (apps/server/data/gestohlene-rahmennummern.json); spaces, hyphens and case do not matter.
 */
export function isReportedStolen(frameNumber: string): boolean {
  register ??= new Set(readDataFile<string[]>('gestohlene-rahmennummern.json').map(frameNumberKey));
  return register.has(frameNumberKey(frameNumber));
}
