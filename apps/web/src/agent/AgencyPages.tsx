import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmailAddress, InfoBox } from '#renderer';
import { AuthForm } from '../auth/form/AuthForm.tsx';
import { email, required } from '../auth/form/rules.ts';
import { TextField } from '../auth/form/TextField.tsx';
import { useAuthForm } from '../auth/form/useAuthForm.ts';
import { DEFAULT_BRAND } from '../config/brand.ts';
import { contractActions } from '../flows/contractActions.ts';
import { FactList } from '../pages/FactList.tsx';
import { QueryStatus } from '../pages/QueryStatus.tsx';
import { usePageHeading } from '../pages/usePageHeading.ts';
import { today } from '../platform/clock.ts';
import { isNotFound } from '../portal/api.ts';
import { ChangeHistory, PendingChanges } from '../portal/ChangeHistory.tsx';
import { ContractActionItems } from '../portal/ContractActions.tsx';
import { Facts } from '../portal/ContractDetailPage.tsx';
import { ContractDocuments } from '../portal/ContractDocuments.tsx';
import { productName, statusLabel } from '../portal/ContractSummary.tsx';
import { fetchContract } from '../portal/contractsApi.ts';
import {
  AgentCallRefused,
  createSubAgent,
  fetchAgency,
  fetchAgencyContracts,
  fetchProfile,
  fetchSubAgents,
  resendSubAgentAccess,
  saveNotificationEmail,
  type AgencyMember,
} from './agentApi.ts';

/** A portal page with its focused heading. */
function Page({ title, children }: { title: string; children: ReactNode }) {
  const heading = usePageHeading(title);
  return (
    <section className="portal-page">
      <h1 ref={heading} tabIndex={-1}>
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Vermittlerportal "vertraege": the contracts of the agency's customers. */
export function AgentContractsPage() {
  const { t } = useTranslation('portal');
  const query = useQuery({ queryKey: ['vermittler', 'vertraege'], queryFn: fetchAgencyContracts });
  const list = query.data;
  return (
    <Page title={t('agency.contractsTitle')}>
      <QueryStatus query={query} loadError={t('agency.loadError')} />
      {list && list.length === 0 ? <p>{t('agency.noContracts')}</p> : null}
      {list && list.length > 0 ? (
        <div className="table-scroll">
          <table className="data-table">
            <caption className="visually-hidden">{t('agency.contractsTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('contract.number')}</th>
                <th scope="col">{t('contract.product')}</th>
                <th scope="col">{t('agency.customer')}</th>
                <th scope="col">{t('contract.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.map((contract) => (
                <tr key={contract.versicherungsNummer}>
                  <td>
                    <Link
                      to={`/vermittler/vertraege/${encodeURIComponent(contract.versicherungsNummer)}`}
                    >
                      {contract.versicherungsNummer}
                    </Link>
                  </td>
                  <td>{productName(t, contract)}</td>
                  <td>
                    <Link to={`/vermittler/kunde/${encodeURIComponent(contract.partnerNummer)}`}>
                      {contract.kunde}
                    </Link>
                  </td>
                  <td>{statusLabel(t, contract.vertragsstatus)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </Page>
  );
}

/**
 * Vermittlerportal "vertraege/detail": a contract of the agency's customers, read-only, with its
 * pending changes, history, documents and the agent's flows for it (a change of tariff).
 */
export function AgentContractPage({ brand = DEFAULT_BRAND }: { brand?: string }) {
  const { t } = useTranslation('portal');
  const { versicherungsNummer = '' } = useParams();
  const query = useQuery({
    queryKey: ['vermittler', 'vertraege', versicherungsNummer],
    queryFn: () => fetchContract(versicherungsNummer),
  });
  const notFound = query.isError && isNotFound(query.error);
  const contract = query.data;
  // The customer of the contract, from the agency's list (the contract view does not name them).
  const list = useQuery({ queryKey: ['vermittler', 'vertraege'], queryFn: fetchAgencyContracts });
  const partnerNummer = list.data?.find(
    (item) => item.versicherungsNummer === versicherungsNummer,
  )?.partnerNummer;
  const actions =
    contract && partnerNummer
      ? contractActions(brand, 'agent', contract as unknown as Record<string, unknown>, today())
      : [];
  return (
    <Page
      title={
        notFound
          ? t('contract.notFoundTitle')
          : t('contract.title', { nummer: versicherungsNummer })
      }
    >
      <QueryStatus
        query={query}
        loadError={t('contract.loadError')}
        notFound={t('agency.contractNotFound')}
      />
      {contract ? (
        <>
          <Facts contract={contract} t={t} />
          {partnerNummer ? (
            <p>
              <Link to={`/vermittler/kunde/${encodeURIComponent(partnerNummer)}`}>
                {t('agency.toCustomer')}
              </Link>
            </p>
          ) : null}
          <PendingChanges contract={contract} />
          <ChangeHistory contract={contract} />
          <ContractDocuments documents={contract.dokumente ?? []} forAgent />
          {actions.length > 0 && partnerNummer ? (
            <>
              <h2>{t('agency.actions')}</h2>
              <ul className="action-list">
                <ContractActionItems
                  entries={actions}
                  versicherungsNummer={contract.versicherungsNummer}
                  partnerNummer={partnerNummer}
                />
              </ul>
            </>
          ) : null}
        </>
      ) : null}
      <p>
        <Link to="/vermittler/vertraege">{t('agency.backToContracts')}</Link>
      </p>
    </Page>
  );
}

/** Vermittlerportal "kundendaten": the agent's own data. */
export function AgentProfilePage() {
  const { t } = useTranslation('portal');
  const query = useQuery({ queryKey: ['vermittler', 'profil'], queryFn: fetchProfile });
  const profile = query.data;
  return (
    <Page title={t('agency.profileTitle')}>
      <QueryStatus query={query} loadError={t('agency.loadError')} />
      {profile ? (
        <>
          <FactList
            rows={[
              [t('agency.name'), profile.name],
              [t('agency.number'), profile.vermittlerNummer],
              [t('agency.email'), <EmailAddress address={profile.email} />],
              [
                t('agency.notificationEmail'),
                <EmailAddress address={profile.benachrichtigungEmail} />,
              ],
              [
                t('agency.vertriebsweg'),
                t(`agency.wege.${profile.vertriebsweg}`, { defaultValue: profile.vertriebsweg }),
              ],
              [t('agency.agency'), `${profile.agentur.name} (${profile.agentur.agenturNummer})`],
            ]}
          />
          <ul className="action-list">
            <li>
              <Link to="/vermittler/einstellungen">{t('agency.toSettings')}</Link>
            </li>
            <li>
              <Link to="/vermittler/agentur">{t('agency.toAgency')}</Link>
            </li>
          </ul>
        </>
      ) : null}
    </Page>
  );
}

/** The notification e-mail form, started with the current address. */
function NotificationForm({ current }: { current: string }) {
  const { t } = useTranslation('portal');
  const client = useQueryClient();
  const form = useAuthForm(
    { benachrichtigungEmail: current },
    { benachrichtigungEmail: email('agency.validation.email', 'agency.validation.email') },
    (key) => (key.startsWith('!') ? key.slice(1) : t(key)),
  );
  const save = async () => {
    try {
      client.setQueryData(
        ['vermittler', 'profil'],
        await saveNotificationEmail(form.values.benachrichtigungEmail.trim()),
      );
      return null;
    } catch (error) {
      return error instanceof AgentCallRefused && error.text
        ? `!${error.text}`
        : 'agency.saveError';
    }
  };
  return (
    <AuthForm
      {...form.status}
      title={t('agency.settingsTitle')}
      submitLabel={t('agency.saveNotification')}
      onSubmit={() => void form.submit(save)}
      intro={form.done ? <InfoBox tone="positive">{t('agency.notificationSaved')}</InfoBox> : null}
      footer={
        <ul className="action-list">
          <li>
            <Link to="/vermittler/einstellungen/passwort">{t('agency.toPassword')}</Link>
          </li>
        </ul>
      }
    >
      <TextField
        {...form.field('benachrichtigungEmail')}
        type="email"
        autoComplete="email"
        label={t('agency.notificationEmail')}
        hint={t('agency.notificationHint')}
      />
    </AuthForm>
  );
}

/** Vermittlerportal "einstellungen": notification e-mail and the way to change the password. */
export function AgentSettingsPage() {
  const { t } = useTranslation('portal');
  const query = useQuery({ queryKey: ['vermittler', 'profil'], queryFn: fetchProfile });
  if (!query.data) {
    return (
      <Page title={t('agency.settingsTitle')}>
        <QueryStatus query={query} loadError={t('agency.loadError')} />
      </Page>
    );
  }
  return <NotificationForm current={query.data.benachrichtigungEmail} />;
}

function MemberList({
  members,
  extra,
}: {
  members: AgencyMember[];
  /** More of a member's card (the sub-agents page: its first sign-in). */
  extra?: (member: AgencyMember) => ReactNode;
}) {
  const { t } = useTranslation('portal');
  return (
    <ul className="card-list">
      {members.map((member) => (
        <li key={member.vermittlerNummer} className="card">
          <h3 className="card__title">{member.name}</h3>
          <FactList
            rows={[
              [t('agency.number'), member.vermittlerNummer],
              [t('agency.email'), <EmailAddress address={member.email} />],
              [
                t('agency.vertriebsweg'),
                t(`agency.wege.${member.vertriebsweg}`, { defaultValue: member.vertriebsweg }),
              ],
            ]}
          />
          {extra?.(member)}
        </li>
      ))}
    </ul>
  );
}

/**
 * A sub-agent whose first sign-in is open: says so and, for a main agent, sends a new temporary
 * password (the old one stops working).
 */
function FirstSignIn({ member, canSend }: { member: AgencyMember; canSend: boolean }) {
  const { t } = useTranslation('portal');
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [state, setState] = useState<{ busy?: boolean; sentTo?: string; error?: string }>({});
  if (!member.erstanmeldungOffen) return null;
  const send = async () => {
    setState({ busy: true });
    try {
      const answer = await resendSubAgentAccess(member.vermittlerNummer, key);
      setState({ sentTo: answer.email });
      setKey(crypto.randomUUID());
    } catch (error) {
      setState({
        error: error instanceof AgentCallRefused && error.text ? error.text : t('agency.saveError'),
      });
    }
  };
  return (
    <>
      <p>{t('agency.firstSignInOpen')}</p>
      <div aria-live="polite">
        {state.sentTo ? (
          <InfoBox tone="positive">{t('agency.accessSent', { email: state.sentTo })}</InfoBox>
        ) : null}
        {state.error ? <InfoBox tone="error">{state.error}</InfoBox> : null}
      </div>
      {canSend ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={state.busy}
          onClick={() => void send()}
          aria-label={t('agency.resendAccessFor', { name: member.name })}
        >
          {t('agency.resendAccess')}
        </button>
      ) : null}
    </>
  );
}

/** Vermittlerportal "agentur": the agency's data, its agents and their distribution paths. */
export function AgencyPage() {
  const { t } = useTranslation('portal');
  const query = useQuery({ queryKey: ['vermittler', 'agentur'], queryFn: fetchAgency });
  const agency = query.data;
  return (
    <Page title={t('agency.agencyTitle')}>
      <QueryStatus query={query} loadError={t('agency.loadError')} />
      {agency ? (
        <>
          <FactList
            rows={[
              [t('agency.agencyName'), agency.name],
              [t('agency.agencyNumber'), agency.agenturNummer],
              [
                t('agency.address'),
                `${agency.anschrift.strasse} ${agency.anschrift.hausnummer}, ${agency.anschrift.plz} ${agency.anschrift.ort}`,
              ],
            ]}
          />
          <h2>{t('agency.members')}</h2>
          <MemberList members={agency.vermittler} />
        </>
      ) : null}
    </Page>
  );
}

/** The signed-in agent's own data (shared by the pages that depend on being a sub-agent). */
const useProfile = () => useQuery({ queryKey: ['vermittler', 'profil'], queryFn: fetchProfile });

/** Vermittlerportal "untervermittler": the agency's sub-agents and the way to add one. */
export function SubAgentsPage() {
  const { t } = useTranslation('portal');
  const query = useQuery({ queryKey: ['vermittler', 'untervermittler'], queryFn: fetchSubAgents });
  const profile = useProfile();
  return (
    <Page title={t('agency.subAgentsTitle')}>
      {profile.data?.untervermittler ? (
        <InfoBox tone="neutral">{t('agency.subAgentCannotCreate')}</InfoBox>
      ) : profile.data ? (
        <p>
          <Link to="/vermittler/untervermittler/anlegen">{t('agency.createSubAgent')}</Link>
        </p>
      ) : null}
      <QueryStatus query={query} loadError={t('agency.loadError')} />
      {query.data && query.data.length === 0 ? <p>{t('agency.noSubAgents')}</p> : null}
      {query.data && query.data.length > 0 ? <h2>{t('agency.subAgentsList')}</h2> : null}
      {query.data && query.data.length > 0 ? (
        <MemberList
          members={query.data}
          extra={(member) => (
            <FirstSignIn member={member} canSend={profile.data?.untervermittler === false} />
          )}
        />
      ) : null}
    </Page>
  );
}

/** Vermittlerportal "untervermittler/anlegen": create a sub-agent who can then sign in. */
export function CreateSubAgentPage() {
  const { t } = useTranslation('portal');
  const client = useQueryClient();
  const [key] = useState(() => crypto.randomUUID());
  const [created, setCreated] = useState<{ vermittlerNummer: string; email: string }>();
  const profile = useProfile();
  const form = useAuthForm(
    { name: '', email: '' },
    {
      name: required('agency.validation.name'),
      email: email('agency.validation.emailRequired', 'agency.validation.email'),
    },
    (text) => (text.startsWith('!') ? text.slice(1) : t(text)),
  );
  if (profile.data?.untervermittler) {
    return (
      <Page title={t('agency.createTitle')}>
        <InfoBox tone="neutral">{t('agency.subAgentCannotCreate')}</InfoBox>
        <p>
          <Link to="/vermittler/untervermittler">{t('agency.toSubAgents')}</Link>
        </p>
      </Page>
    );
  }
  if (created) {
    return (
      <Page title={t('agency.createdTitle')}>
        <InfoBox tone="positive">
          {t('agency.createdText', { nummer: created.vermittlerNummer, email: created.email })}
        </InfoBox>
        <p>
          <Link to="/vermittler/untervermittler">{t('agency.toSubAgents')}</Link>
        </p>
      </Page>
    );
  }
  const create = async () => {
    try {
      const answer = await createSubAgent(
        { name: form.values.name.trim(), email: form.values.email.trim() },
        key,
      );
      await client.invalidateQueries({ queryKey: ['vermittler'] });
      setCreated(answer);
      return null;
    } catch (error) {
      return error instanceof AgentCallRefused && error.text
        ? `!${error.text}`
        : 'agency.saveError';
    }
  };
  return (
    <AuthForm
      {...form.status}
      title={t('agency.createTitle')}
      submitLabel={t('agency.createSubmit')}
      onSubmit={() => void form.submit(create)}
      intro={<p>{t('agency.createIntro')}</p>}
      footer={
        <p>
          <Link to="/vermittler/untervermittler">{t('agency.toSubAgents')}</Link>
        </p>
      }
    >
      <TextField {...form.field('name')} autoComplete="off" label={t('agency.name')} />
      <TextField
        {...form.field('email')}
        type="email"
        autoComplete="off"
        label={t('agency.email')}
      />
    </AuthForm>
  );
}
