import type { FrameCommand } from './commands.ts';

/**
 * The protocol's command names, without the precompiled validators of commands.ts: code that only
 * asks whether a name is a command (a flow's `notifyParent`) does not load them. `satisfies`
 * keeps the list equal to the commands of commands.ts, no more and no fewer.
 */
const FRAME_COMMAND_NAMES = {
  getTheme: true,
  getBrokerInfo: true,
  getContracts: true,
  getAuthToken: true,
  getPartnerNumber: true,
  getContract: true,
  getEmbeddingApplication: true,
  genericError: true,
  uninsurablePricingResult: true,
  contractConclusion: true,
  resize: true,
  scrollToTop: true,
  setLocation: true,
} as const satisfies Record<FrameCommand, true>;

/** Whether a name is one of the protocol's commands (own keys only, never the prototype's). */
export function isFrameCommand(name: string): name is FrameCommand {
  return Object.prototype.hasOwnProperty.call(FRAME_COMMAND_NAMES, name);
}
