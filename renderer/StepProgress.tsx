import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import { selectAtom } from 'jotai/utils';
import { journeyOf } from '#engine';
import type { WizardController } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';

/**
 * Where the user is in the flow: "Schritt 3 von 9" and, on wide screens, the list of the visible
 * steps the engine computes (done, current, to come), each by its title. It follows the steps as
 * answers show or hide some. A flow that is part of a journey (`progress`) counts the journey's
 * steps before and after it too. A journey of one step shows nothing.
 */
export function StepProgress({
  controller,
  stepId,
  context,
}: {
  controller: WizardController;
  stepId: string;
  context: RendererFormContext;
}) {
  const idsAtom = useMemo(
    () => selectAtom(controller.atoms.state, (s) => s.steps.map((step) => step.id).join('\n')),
    [controller],
  );
  const ids = useAtomValue(idsAtom, { store: controller.store }).split('\n');
  const index = ids.indexOf(stepId);
  // Steps of other flows of the journey (the claim entry before a claim app) count too.
  const journey = useMemo(() => journeyOf(controller.setup), [controller]);
  const total = journey.before + ids.length + journey.after;
  if (total < 2 || index < 0) return null;
  const { t } = context;
  const definitions = controller.setup.definition.steps;
  const titleOf = (id: string): string => {
    const step = definitions.find((candidate) => candidate.id === id);
    return step ? t(`${step.i18nPrefix}.title`) : id;
  };
  return (
    <nav className="step-progress" aria-label={t('common:progress.label')}>
      <p className="step-progress__count">
        {t('common:progress.count', { current: journey.before + index + 1, total })}
      </p>
      <div className="step-progress__bar" aria-hidden="true">
        <span style={{ width: `${((journey.before + index + 1) / total) * 100}%` }} />
      </div>
      <ol className="step-progress__list">
        {ids.map((id, position) => {
          const state = position < index ? 'done' : position === index ? 'current' : 'upcoming';
          return (
            <li
              key={id}
              className={`step-progress__item step-progress__item--${state}`}
              aria-current={state === 'current' ? 'step' : undefined}
            >
              <span className="step-progress__marker" aria-hidden="true">
                {state === 'done' ? '✓' : journey.before + position + 1}
              </span>
              <span className="step-progress__title">
                {titleOf(id)}
                {state === 'done' ? (
                  <span className="visually-hidden">{t('common:progress.done')}</span>
                ) : null}
              </span>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
