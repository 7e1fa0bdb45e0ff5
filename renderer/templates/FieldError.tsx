import { errorId } from '@rjsf/utils';
import type { RendererFormContext } from '../formContext.ts';

/**
 * The inline error of a field or list (`<id>__error`, which its control's aria-describedby
 * names), with the visually hidden "Fehler: " prefix; present but hidden while there is none, so
 * the reference never points at a missing element.
 */
export function FieldError({
  id,
  error,
  context,
}: {
  id: string;
  error: string | undefined;
  context: RendererFormContext;
}) {
  return (
    <p id={errorId(id)} className="field__error" hidden={!error}>
      {error ? (
        <>
          <span className="visually-hidden">
            {context.texts?.errorPrefix ?? context.t('common:errors.inlinePrefix')}
          </span>
          {error}
        </>
      ) : null}
    </p>
  );
}
