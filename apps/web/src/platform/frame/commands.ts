import type { ValidateFunction } from 'ajv';
import {
  validateAcknowledged,
  validateAuthToken,
  validateBrokerInfo,
  validateContractArgs,
  validateContractConclusionArgs,
  validateContractSummary,
  validateContracts,
  validateEmbeddingApplication,
  validateGenericErrorArgs,
  validateNoArgs,
  validatePartnerNumber,
  validateResizeArgs,
  validateSetLocationArgs,
  validateTheme,
  validateUninsurableArgs,
} from '../../../../../generated/frame/frameValidators.js';
import type {
  Acknowledged,
  AuthToken,
  BrokerInfo,
  ContractArgs,
  ContractConclusionArgs,
  ContractSummary,
  Contracts,
  EmbeddingApplication,
  GenericErrorArgs,
  NoArgs,
  PartnerNumber,
  ResizeArgs,
  SetLocationArgs,
  Theme,
  UninsurableArgs,
} from '../../../../../generated/frame/frameTypes.ts';

/** Version tag every frame message carries. */
export const FRAME_PROTOCOL = 'insurance-frame/1';

/**
 * The commands the child (the platform in an iframe) sends to the parent: questions (get...) with a
 * result, and commands the parent carries out and acknowledges with `null`.
 */
export interface FrameCommands {
  getTheme: { args: NoArgs; result: Theme };
  getBrokerInfo: { args: NoArgs; result: BrokerInfo };
  getContracts: { args: NoArgs; result: Contracts };
  getAuthToken: { args: NoArgs; result: AuthToken };
  getPartnerNumber: { args: NoArgs; result: PartnerNumber };
  getContract: { args: ContractArgs; result: ContractSummary };
  getEmbeddingApplication: { args: NoArgs; result: EmbeddingApplication };
  genericError: { args: GenericErrorArgs; result: Acknowledged };
  uninsurablePricingResult: { args: UninsurableArgs; result: Acknowledged };
  contractConclusion: { args: ContractConclusionArgs; result: Acknowledged };
  resize: { args: ResizeArgs; result: Acknowledged };
  scrollToTop: { args: NoArgs; result: Acknowledged };
  setLocation: { args: SetLocationArgs; result: Acknowledged };
}

/** The name of a frame command. */
export type FrameCommand = keyof FrameCommands;

/** A command's arguments. */
export type FrameArgs<C extends FrameCommand> = FrameCommands[C]['args'];

/** A command's result. */
export type FrameResult<C extends FrameCommand> = FrameCommands[C]['result'];

const question = (result: ValidateFunction) => ({ args: validateNoArgs, result });
const command = (args: ValidateFunction) => ({ args, result: validateAcknowledged });

/** The precompiled validators of each command's arguments and result. */
export const frameCommandSchemas: {
  readonly [C in FrameCommand]: { args: ValidateFunction; result: ValidateFunction };
} = {
  getTheme: question(validateTheme),
  getBrokerInfo: question(validateBrokerInfo),
  getContracts: question(validateContracts),
  getAuthToken: question(validateAuthToken),
  getPartnerNumber: question(validatePartnerNumber),
  getContract: { args: validateContractArgs, result: validateContractSummary },
  getEmbeddingApplication: question(validateEmbeddingApplication),
  genericError: command(validateGenericErrorArgs),
  uninsurablePricingResult: command(validateUninsurableArgs),
  contractConclusion: command(validateContractConclusionArgs),
  resize: command(validateResizeArgs),
  scrollToTop: command(validateNoArgs),
  setLocation: command(validateSetLocationArgs),
};
