/** The generic React renderer of wizard definitions (rjsf fields, jotai state, i18next texts). */
export { Wizard, useWizardController, type WizardProps } from './Wizard.tsx';
export { WizardController, type TransportResult, type WizardServices } from './store/controller.ts';
export { storageKey, type StateStorage } from './store/persistence.ts';
export type { RendererFormContext, UploadFile, UploadedFile } from './formContext.ts';
export { InfoBox, type InfoBoxTone } from './templates/InfoBox.tsx';
export { EditToggle } from './templates/EditToggle.tsx';
export { MessageInput } from './templates/MessageInput.tsx';
export { ErrorSummary, type SummaryEntry } from './templates/ErrorSummary.tsx';
