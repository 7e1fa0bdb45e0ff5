/** The generic React renderer of wizard definitions (rjsf fields, jotai state, i18next texts). */
export { Wizard, useWizardController, type WizardProps } from './Wizard.tsx';
export {
  WizardController,
  QUOTE_DELAY_MS,
  type DeferredValidators,
  type LeaveState,
  type TransportResult,
  type WizardServices,
} from './store/controller.ts';
export type { DraftNotice, QuoteState } from './store/atoms.ts';
export {
  memoryStorage,
  storageKey,
  type StateStorage,
  type StorageScope,
} from './store/persistence.ts';
export type {
  LookupOption,
  LookupQuery,
  LookupService,
  RendererFormContext,
  UploadFile,
  UploadedFile,
} from './formContext.ts';
export { UploadRefusedError } from './formContext.ts';
export { InfoBox, type InfoBoxTone } from './templates/InfoBox.tsx';
export { EditToggle } from './templates/EditToggle.tsx';
export { MessageInput } from './templates/MessageInput.tsx';
export { ErrorSummary, type SummaryEntry } from './templates/ErrorSummary.tsx';
export { marketTexts, MARKET_POST_PROCESSOR, type MarketTexts } from './marketTexts.ts';
export { EmailAddress, Figure, emailParts } from './templates/Typography.tsx';
export { setDocumentTitle } from './documentTitle.ts';
