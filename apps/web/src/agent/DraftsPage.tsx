import { useEffect, useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Figure, InfoBox } from '#renderer';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { formatDateTime } from '../portal/format.ts';
import { deleteDraft, fetchDrafts, type Draft } from './agentApi.ts';
import { agentApplicationPath, flowVariant, productNameKeys } from '../flows/flowIndex.ts';

const DRAFTS_KEY = ['vermittler', 'entwuerfe'] as const;

/**
 * Where a draft continues: the flow's agent route (from the flow index) for its customer (and the
 * contract a change of tariff is for), with the draft id; undefined when the flow no longer has an
 * agent variant.
 */
export function resumePath(
  draft: Pick<Draft, 'id' | 'flow' | 'partnerNummer' | 'vertragsNummer'>,
): string | undefined {
  const path = agentApplicationPath(draft.flow, draft.partnerNummer, draft.vertragsNummer);
  return path && `${path}?entwurf=${encodeURIComponent(draft.id)}`;
}

/** The confirmation step of a deletion, in place of the row's actions. */
function ConfirmDelete({
  draft,
  flowName,
  busy,
  onConfirm,
  onCancel,
}: {
  draft: Draft;
  flowName: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('portal');
  const questionId = useId();
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => question.current?.focus(), []);
  return (
    <div role="group" aria-labelledby={questionId} className="confirm">
      <p id={questionId} ref={question} tabIndex={-1} className="confirm__question">
        {t('agent.drafts.confirmQuestion', { antrag: flowName, kunde: draft.kundeName })}
      </p>
      <div className="wizard-actions">
        <button type="button" className="button" disabled={busy} onClick={onConfirm}>
          {t('agent.drafts.confirm')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {t('agent.drafts.cancel')}
        </button>
      </div>
    </div>
  );
}

/** Vermittlerportal "entwuerfe": the agent's saved applications, to continue or delete. */
export function DraftsPage() {
  const { t } = useTranslation('portal');
  const title = t('agent.drafts.title');
  const heading = usePageHeading(title);
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: DRAFTS_KEY,
    queryFn: fetchDrafts,
    // Drafts are saved and submitted in the wizard, outside this page's cache.
    refetchOnMount: 'always',
  });
  const [confirming, setConfirming] = useState<string | null>(null);
  const [notice, setNotice] = useState('');
  const [failed, setFailed] = useState(false);
  const [focusDelete, setFocusDelete] = useState<string | null>(null);
  const flowName = (flow: string) =>
    t(productNameKeys(flowVariant(flow, 'agent')), { defaultValue: flow });

  const removal = useMutation({
    mutationFn: (draft: Draft) => deleteDraft(draft.id),
    onSuccess: async (_result, draft) => {
      setConfirming(null);
      setFailed(false);
      setNotice(
        t('agent.drafts.deleted', { antrag: flowName(draft.flow), kunde: draft.kundeName }),
      );
      await queryClient.invalidateQueries({ queryKey: DRAFTS_KEY });
      heading.current?.focus();
    },
    onError: (_error, draft) => {
      setConfirming(null);
      setNotice('');
      setFailed(true);
      setFocusDelete(draft.id);
    },
  });

  // Back to the row's "Löschen" after cancelling (or a failure): focus is never lost.
  useEffect(() => {
    if (focusDelete === null) return;
    document.getElementById(`entwurf-loeschen-${focusDelete}`)?.focus();
    setFocusDelete(null);
  }, [focusDelete]);

  const drafts = query.data ?? [];
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      <p role="status" className="notice">
        {notice}
      </p>
      {failed ? <InfoBox tone="error">{t('agent.drafts.deleteError')}</InfoBox> : null}
      <QueryStatus query={query} loadError={t('agent.drafts.loadError')} />
      {query.data && drafts.length === 0 ? <p>{t('agent.drafts.empty')}</p> : null}
      {drafts.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t('agent.drafts.columns.customer')}</th>
                <th scope="col">{t('agent.drafts.columns.application')}</th>
                <th scope="col">{t('agent.drafts.columns.updated')}</th>
                <th scope="col">{t('agent.drafts.columns.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {drafts.map((draft) => {
                const context = t('agent.drafts.rowContext', {
                  antrag: flowName(draft.flow),
                  kunde: draft.kundeName,
                });
                return (
                  <tr key={draft.id}>
                    <th scope="row">{draft.kundeName}</th>
                    <td>{flowName(draft.flow)}</td>
                    <td>
                      <Figure>{formatDateTime(draft.aktualisiert)}</Figure>
                    </td>
                    <td>
                      {confirming === draft.id ? (
                        <ConfirmDelete
                          draft={draft}
                          flowName={flowName(draft.flow)}
                          busy={removal.isPending}
                          onConfirm={() => removal.mutate(draft)}
                          onCancel={() => {
                            setConfirming(null);
                            setFocusDelete(draft.id);
                          }}
                        />
                      ) : (
                        <div className="row-actions">
                          {resumePath(draft) ? (
                            <Link to={resumePath(draft) ?? ''}>
                              {t('agent.drafts.resume')}{' '}
                              <span className="visually-hidden">{context}</span>
                            </Link>
                          ) : null}
                          <button
                            id={`entwurf-loeschen-${draft.id}`}
                            type="button"
                            className="button button--secondary"
                            onClick={() => {
                              setFailed(false);
                              setNotice('');
                              setConfirming(draft.id);
                            }}
                          >
                            {t('agent.drafts.delete')}{' '}
                            <span className="visually-hidden">{context}</span>
                          </button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
