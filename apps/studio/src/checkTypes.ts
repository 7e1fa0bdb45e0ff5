import type { CheckError, StepPath } from '#engine';

/** What the studio asks the check worker: the edited text of a definition file. */
export interface CheckRequest {
  id: number;
  path: string;
  text: string;
}

/** The problems of that file, how many other files have, and its paths when it passed. */
export interface CheckResponse {
  id: number;
  errors: CheckError[];
  elsewhere: number;
  variants?: { variant: string | null; paths: StepPath[] }[];
}
