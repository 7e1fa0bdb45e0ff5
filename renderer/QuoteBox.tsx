import { useId } from 'react';
import { useAtomValue } from 'jotai';
import type { WizardDefinition } from '#engine';
import type { WizardController } from './store/controller.ts';
import type { RendererFormContext } from './formContext.ts';
import { ContentBlocks } from './ContentBlocks.tsx';

type Quote = NonNullable<WizardDefinition['quote']>;

/**
 * The live price beside a step (definition `quote`): a polite live region, busy while a price
 * loads. It shows the quote's blocks over the last price (rules read quote.*), which stays while
 * a new one loads; without one it says the price is being calculated, has failed (the user may
 * go on anyway) or waits for the answers it needs. It re-renders only when the price changes, not
 * on every keystroke; rules of its blocks read the answers as of then.
 */
export function QuoteBox({
  controller,
  quote,
  context,
}: {
  controller: WizardController;
  quote: Quote;
  context: RendererFormContext;
}) {
  const { t } = context;
  const headingId = useId();
  const { status, response } = useAtomValue(controller.atoms.quote, { store: controller.store });
  const state = controller.state;
  const showPrice = (status === 'ok' || status === 'loading') && response !== undefined;
  let note: string | undefined;
  if (status === 'loading' && response === undefined) note = t('common:quote.loading');
  if (status === 'failed') note = t('common:quote.failed');
  if (status === 'idle') note = t('common:quote.incomplete');
  return (
    <section
      className={`quote-box quote-box--${status}`}
      aria-labelledby={headingId}
      aria-live="polite"
      aria-busy={status === 'loading'}
    >
      <h2 id={headingId} className="quote-box__headline">
        {t(quote.headlineKey)}
      </h2>
      {showPrice ? (
        <ContentBlocks
          blocks={quote.blocks}
          scope={{
            data: state.formData,
            context: controller.setup.context,
            result: state.applicationResult,
            quote: response,
          }}
          context={context}
        />
      ) : null}
      {note !== undefined ? <p className="quote-box__note">{note}</p> : null}
    </section>
  );
}
