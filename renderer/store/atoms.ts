import { atom, type Atom, type PrimitiveAtom } from 'jotai';
import type { Feedback, WizardState } from '#engine';
import type { FieldProblem } from '#engine';

/** Problems of one step, grouped by top-level field. */
export type StepProblems = Readonly<Record<string, readonly FieldProblem[]>>;

/** The live price (definition `quote`): idle while the answers it needs are missing. */
export interface QuoteState {
  status: 'idle' | 'loading' | 'ok' | 'failed';
  /** The last price's answer: set when ok, and kept while a new price loads. */
  response?: unknown;
}

/** What the last "Als Entwurf speichern" did. */
export type DraftNotice =
  { status: 'saving' } | { status: 'saved'; at: Date } | { status: 'failed' };

/** The atoms of one running wizard; components subscribe to the smallest one they need. */
export interface WizardAtoms {
  state: PrimitiveAtom<WizardState>;
  /** Field errors and info box an outcome put on the current step. */
  feedback: PrimitiveAtom<Feedback | null>;
  /** Fields the user has left once ("step/field"): their errors show from then on. */
  touched: PrimitiveAtom<ReadonlySet<string>>;
  /** After a failed "Weiter": every error of the step shows, with the error summary. */
  showAllErrors: PrimitiveAtom<boolean>;
  /** Current validation problems per step. */
  problems: PrimitiveAtom<Readonly<Record<string, StepProblems>>>;
  /** A call is running. */
  busy: PrimitiveAtom<boolean>;
  /** The page (outside the steps) being shown, if any. */
  page: PrimitiveAtom<string | null>;
  /** The live price. */
  quote: PrimitiveAtom<QuoteState>;
  /** The result of the last draft save on this step, if any. */
  draft: PrimitiveAtom<DraftNotice | null>;
  /** Saved answers of an older version of the flow were carried over (a note says so). */
  migrated: PrimitiveAtom<boolean>;
  /**
   * One field's problems (same array while unchanged, so the field does not re-render). The
   * controller sets only the atoms of fields whose problems changed; a keystroke touches no other
   * field's atom.
   */
  fieldProblems: (step: string, field: string) => Atom<readonly FieldProblem[] | undefined>;
  /** The field problem atoms made so far (the controller updates these). */
  madeFieldProblems: (step: string, field: string) => FieldProblemsAtom | undefined;
}

/** The atom of one field's problems. */
export type FieldProblemsAtom = PrimitiveAtom<readonly FieldProblem[] | undefined>;

/**
 * Creates the atoms of a wizard starting from a state. `currentProblems` reads a field's problems
 * of the moment: a field's atom made after validation ran starts from them.
 */
export function createWizardAtoms(
  initial: WizardState,
  currentProblems: (step: string, field: string) => readonly FieldProblem[] | undefined = () =>
    undefined,
): WizardAtoms {
  const state = atom(initial);
  const problems = atom<Readonly<Record<string, StepProblems>>>({});
  const fieldAtoms = new Map<string, FieldProblemsAtom>();
  const problemsOf = (step: string, field: string): FieldProblemsAtom => {
    const key = `${step}\u0000${field}`;
    let made = fieldAtoms.get(key);
    if (!made) fieldAtoms.set(key, (made = atom(currentProblems(step, field))));
    return made;
  };
  return {
    state,
    feedback: atom<Feedback | null>(null),
    touched: atom<ReadonlySet<string>>(new Set<string>()),
    showAllErrors: atom(false),
    problems,
    busy: atom(false),
    page: atom<string | null>(null),
    quote: atom<QuoteState>({ status: 'idle' }),
    draft: atom<DraftNotice | null>(null),
    migrated: atom(false),
    fieldProblems: problemsOf,
    madeFieldProblems: (step, field) => fieldAtoms.get(`${step}\u0000${field}`),
  };
}
