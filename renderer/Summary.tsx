import { useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { WizardController } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';
import { translatedUiSchema } from './i18nSchema.ts';
import { EmailAddress } from './templates/Typography.tsx';
import {
  answerLine,
  summarySections,
  type AnswerLine,
  type AnswerTexts,
  type SummarySection,
} from '#engine';

/** An answer that is one e-mail address and nothing else. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** An answer's text; an e-mail address breaks only at its @ and dots. */
function AnswerValue({ text }: { text: string | undefined }) {
  return text !== undefined && EMAIL.test(text) ? <EmailAddress address={text} /> : text;
}

function Lines({ lines }: { lines: readonly AnswerLine[] }) {
  return (
    <dl className="summary__list">
      {lines.map((line) => (
        <div key={line.name} className="summary__row">
          <dt className="summary__label">{line.label}</dt>
          <dd className="summary__value">
            {line.items ? (
              <Items items={line.items} />
            ) : line.lines ? (
              <Lines lines={line.lines} />
            ) : (
              <AnswerValue text={line.text} />
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** The items of a list: each under its heading ("Person 2") with its answered fields. */
function Items({ items }: { items: NonNullable<AnswerLine['items']> }) {
  return (
    <>
      {items.map((item, index) => (
        <div key={index} className="summary__item">
          <h3 className="summary__item-title">{item.heading}</h3>
          <Lines lines={item.lines} />
        </div>
      ))}
    </>
  );
}

function Section({
  section,
  context,
  onChange,
}: {
  section: SummarySection;
  context: RendererFormContext;
  onChange: (step: string) => void;
}) {
  const { t, exists, locale } = context;
  const { step } = section;
  const title = t(`${step.i18nPrefix}.title`);
  const texts: AnswerTexts = { t, exists, prefix: step.i18nPrefix, locale };
  const lines = section.fields.map((field) =>
    answerLine(
      field.name,
      field.name,
      field.value,
      field.schema,
      translatedUiSchema(field.schema, field.uiSchema, field.name, step.i18nPrefix, t, exists),
      texts,
    ),
  );
  return (
    <div className="summary__section">
      <div className="summary__header">
        <h2 className="summary__title">{title}</h2>
        <button
          type="button"
          className="edit-toggle summary__change"
          onClick={() => onChange(step.id)}
        >
          <span aria-hidden="true">{t('common:summary.change')}</span>
          <span className="visually-hidden">{t('common:summary.changeNamed', { title })}</span>
        </button>
      </div>
      <Lines lines={lines} />
    </div>
  );
}

/**
 * The summary content block ("check your answers"): per earlier step with answers a heading with
 * the step's title, its answers as a description list, formatted as people read them, and a
 * change button ("Ändern", announced as "<title> ändern") back to that step. It follows the
 * answers.
 */
export function Summary({
  controller,
  stepId,
  context,
}: {
  controller: WizardController;
  stepId: string;
  context: RendererFormContext;
}) {
  const state = useAtomValue(controller.atoms.state, { store: controller.store });
  const sections = useMemo(
    () => summarySections(controller.setup, state, stepId),
    [controller.setup, state, stepId],
  );
  return (
    <div className="summary">
      {sections.map((section) => (
        <Section
          key={section.step.id}
          section={section}
          context={context}
          onChange={(step) => controller.goTo(step)}
        />
      ))}
    </div>
  );
}
