import {
  downloadRequest,
  sendForAnswer,
  type ContentBlock,
  type WizardSetup,
  type WizardState,
} from '#engine';
import type { DownloadOutcome, WizardServices } from './services.ts';

/**
 * Runs a download block for the answers of `state` (saved first with `flush`): saved, incomplete
 * (the server misses answers: 422), limited (429: no more such documents for the customer for now)
 * or failed (no request can be made, no download service, an error answer or none).
 */
export async function runDownload(
  setup: WizardSetup,
  state: WizardState,
  block: ContentBlock,
  services: Pick<WizardServices, 'download'>,
  flush: () => void,
): Promise<DownloadOutcome> {
  let request;
  try {
    request = downloadRequest(setup, state, block);
  } catch {
    request = undefined;
  }
  if (!request || !services.download) return 'failed';
  flush();
  const result = await sendForAnswer(services.download, request);
  if (result.ok) return 'saved';
  if (result.status === 422) return 'incomplete';
  return result.status === 429 ? 'limited' : 'failed';
}
