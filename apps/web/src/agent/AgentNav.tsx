import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { fetchUnread } from '../portal/postfachApi.ts';
import { PortalNav } from '../layout/PortalNav.tsx';

/**
 * The agent portal's navigation (the current page marked): customer base, contracts, drafts,
 * messages with the unread count, sub-agents, agency, own data, settings and questions.
 */
export function AgentNav() {
  const { t } = useTranslation('portal');
  const unread = useQuery({
    queryKey: ['portal', 'postfach', 'vermittler', 'ungelesen'],
    queryFn: () => fetchUnread('vermittler'),
    staleTime: 60_000,
  });
  const count = unread.data?.anzahl ?? 0;
  const links: [string, string][] = [
    ['/vermittler', t('nav.agentStart')],
    ['/vermittler/kundenbestand', t('nav.customerBase')],
    ['/vermittler/vertraege', t('nav.agentContracts')],
    ['/vermittler/entwuerfe', t('nav.drafts')],
    ['/vermittler/schaeden', t('nav.agentClaims')],
    [
      '/vermittler/nachrichten',
      count > 0 ? t('nav.agentMessagesUnread', { count }) : t('nav.agentMessages'),
    ],
    ['/vermittler/untervermittler', t('nav.subAgents')],
    ['/vermittler/agentur', t('nav.agency')],
    ['/vermittler/kundendaten', t('nav.agentProfile')],
    ['/vermittler/einstellungen', t('nav.agentSettings')],
    ['/vermittler/haeufige-fragen', t('nav.agentFaq')],
  ];
  return (
    <PortalNav
      label={t('nav.agentLabel')}
      links={links.map(([to, label]) => ({ to, label, end: to === '/vermittler' }))}
    />
  );
}
