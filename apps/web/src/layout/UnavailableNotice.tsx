import { useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { serviceUnavailable, type UnavailableState } from '../http/index.ts';

/**
 * "Vorübergehend nicht erreichbar" at the top of every page while the API answers 503 (an outage,
 * or the server shedding load): announced as an alert, with a button that tries again. Trying
 * again clears the notice and loads every data the page failed to load once more; a form the user
 * was sending keeps what they typed and is sent again with its own button. A flow shows its own
 * page instead (its calls wait for the retry, flows/UnavailablePage.tsx).
 */
export function UnavailableNotice({ state = serviceUnavailable }: { state?: UnavailableState }) {
  const { t } = useTranslation('common');
  const queryClient = useQueryClient();
  const away = useSyncExternalStore(state.subscribe, state.current);
  if (!away) return null;
  const retry = (): void => {
    state.clear();
    void queryClient.refetchQueries({
      type: 'active',
      predicate: (query) => query.state.status === 'error',
    });
  };
  // The markup of the renderer's warning InfoBox, without loading the renderer with the shell.
  return (
    <div className="info-box info-box--warning" role="alert">
      <h2 className="info-box__headline">{t('flow.unavailableTitle')}</h2>
      <div className="info-box__text">
        <p>{t('flow.unavailableText')}</p>
        <button type="button" className="button" onClick={retry}>
          {t('flow.retry')}
        </button>
      </div>
    </div>
  );
}
