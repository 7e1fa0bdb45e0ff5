import { atom, type Atom, type PrimitiveAtom } from 'jotai';
import { selectAtom } from 'jotai/utils';
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
  /** One field's problems (same array while unchanged, so the field does not re-render). */
  fieldProblems: (step: string, field: string) => Atom<readonly FieldProblem[] | undefined>;
}

function cached<T>(make: (key: string) => T): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      value = make(key);
      cache.set(key, value);
    }
    return value;
  };
}

/** Creates the atoms of a wizard starting from a state. */
export function createWizardAtoms(initial: WizardState): WizardAtoms {
  const state = atom(initial);
  const problems = atom<Readonly<Record<string, StepProblems>>>({});
  const problemsOf = cached((key) => {
    const [step = '', field = ''] = key.split('\u0000');
    return selectAtom(problems, (p) => p[step]?.[field]);
  });
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
    fieldProblems: (step, field) => problemsOf(`${step}\u0000${field}`),
  };
}
