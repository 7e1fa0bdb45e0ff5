import type { CallOutcome, HttpRequest, Refusal } from '#engine';
import type { StateStorage } from './persistence.ts';

/** The answer of a call as the transport reports it. */
export type TransportResult = CallOutcome;

/** What a page of the platform the flow leaves for is told: a refusal page its refusal. */
export interface LeaveState {
  refusal?: Refusal;
}

/** What the app gives the renderer: I/O and navigation, so the renderer imports no app code. */
export interface WizardServices {
  /** Sends a request (ky in the app, with the signed-in user's token for bearer endpoints). */
  transport: (request: HttpRequest) => Promise<TransportResult>;
  /** Shows the step or page with this id (URL segment after the base route). */
  navigate: (segment: string, options?: { replace?: boolean }) => void;
  /** Leaves the platform for a URL (a claim app). */
  forward: (url: string) => void;
  /**
   * Opens another page of the platform (outcome `go: "route"`, a page button's href); the
   * answers are saved first. Without it the path is opened with `forward`.
   */
  leave?: (path: string, state?: LeaveState) => void;
  /** Tells the embedding partner page a frame command (outcome `notifyParent`); none: ignored. */
  notifyParent?: (command: string, args: Record<string, unknown>) => void;
  /** Reports a failure to monitoring. */
  report: (info: { definition: string; endpoint: string; status: number }) => void;
  /** Per-tab storage for the answers; none keeps them in memory only. */
  storage?: StateStorage;
  /**
   * Fetches a file a download block asks for (a PDF the server makes) and hands it to the browser
   * to save; `ok` false with the status when it fails. None: downloads fail.
   */
  download?: (request: HttpRequest) => Promise<TransportResult>;
  /**
   * Loads the flow's data again (its `load`: the current contract after a conflict) and opens the
   * step, the answers kept. None: the step opens with the data loaded at the start.
   */
  reload?: (step: string) => void;
  /** The URL segment shown now, when the app knows it (a page button back into the flow). */
  currentSegment?: () => string | undefined;
}

/**
 * How a download ended: the file was handed to the browser, answers are missing, the customer's
 * limit of such documents is reached for now (429), or it failed.
 */
export type DownloadOutcome = 'saved' | 'incomplete' | 'limited' | 'failed';
