/**
 * Saving the answers as a draft ("Als Entwurf speichern"): the id the draft is saved under (the
 * resumed one, the tab's, or a new one kept in the tab) and the save call, shown in the draft atom.
 */
import type { createStore } from 'jotai';
import {
  draftOffered,
  draftRequest,
  offeredDraft,
  resumedDraft,
  sendForAnswer,
  type HttpRequest,
  type WizardSetup,
  type WizardState,
} from '#engine';
import type { WizardAtoms } from './atoms.ts';
import type { WizardServices } from './services.ts';
import { draftIdKey, loadText, saveText } from './persistence.ts';

/** A random UUID (crypto.randomUUID, or version 4 from getRandomValues where it is missing). */
function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** What draft saving reads and writes of its wizard (the controller). */
export interface DraftWizard {
  readonly setup: WizardSetup;
  readonly store: ReturnType<typeof createStore>;
  readonly atoms: WizardAtoms;
  /** The current state. */
  readonly state: WizardState;
}

/** The draft of one wizard; `key` is the wizard's storage key. */
export class DraftSaver {
  /** The draft's id, once known (resumed, read from the tab, or made on the first save). */
  private draftId: string | undefined;

  /** Whether the flow offers saving a draft in this context (definition `draft`). */
  readonly offered: boolean;
  /** The text key of the draft button (the offered declaration's labelKey). */
  readonly labelKey: string;
  /** The text keys of the box after a successful draft save. */
  readonly savedKeys: { headline: string; text: string };

  constructor(
    private readonly wizard: DraftWizard,
    private readonly key: string,
    private readonly services: Pick<WizardServices, 'storage' | 'transport'>,
  ) {
    this.offered = draftOffered(wizard.setup);
    const offered = offeredDraft(wizard.setup);
    this.labelKey = offered?.labelKey ?? 'common:draft.save';
    this.savedKeys = {
      headline: offered?.savedHeadlineKey ?? 'common:draft.savedHeadline',
      text: offered?.savedKey ?? 'common:draft.saved',
    };
    const draft = resumedDraft(wizard.setup.context);
    if (typeof draft?.id === 'string' && draft.id !== '') this.draftId = draft.id;
  }

  /** The id the draft is saved under: the resumed one, the tab's, or a new one kept in the tab. */
  private currentDraftId(): string {
    if (this.draftId) return this.draftId;
    const stored = loadText(this.services.storage, draftIdKey(this.key));
    this.draftId = stored || randomUuid();
    if (!stored) saveText(this.services.storage, draftIdKey(this.key), this.draftId);
    return this.draftId;
  }

  /** After the application was sent, a new one in this tab gets a new draft. */
  forgetDraftId(): void {
    if (typeof resumedDraft(this.wizard.setup.context)?.id === 'string') return;
    this.draftId = undefined;
    saveText(this.services.storage, draftIdKey(this.key), undefined);
  }

  /**
   * "Als Entwurf speichern": sends the answers as the flow's draft, without validating the step.
   * Later saves replace the same draft. The result shows in the draft atom.
   */
  async saveDraft(): Promise<void> {
    const { setup, store, atoms } = this.wizard;
    if (!this.offered || store.get(atoms.draft)?.status === 'saving') return;
    let request: HttpRequest | undefined;
    try {
      request = draftRequest(setup, this.wizard.state, this.currentDraftId());
    } catch {
      request = undefined;
    }
    if (!request) {
      store.set(atoms.draft, { status: 'failed' });
      return;
    }
    store.set(atoms.draft, { status: 'saving' });
    // One save runs at a time; a call to the same path cancelling it does not end it.
    const result = await sendForAnswer(this.services.transport, request);
    store.set(atoms.draft, result.ok ? { status: 'saved', at: new Date() } : { status: 'failed' });
  }
}
