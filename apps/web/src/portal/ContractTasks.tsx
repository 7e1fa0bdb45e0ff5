import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { taskFlowPath } from '../flows/taskFlows.ts';
import { formatDate } from './format.ts';

/** An open task of a contract: its type and by when. */
export interface OpenTask {
  typ: string;
  faelligAm: string;
}

/**
 * The open tasks of a contract ("Bitte bestätigen Sie Ihren Jahresumsatz bis 15.07.2025"), each
 * linked to the flow that completes it; nothing when there are none.
 */
export function ContractTasks({
  brand,
  versicherungsNummer,
  tasks,
  headingLevel = 2,
}: {
  brand: string;
  versicherungsNummer: string;
  tasks: readonly OpenTask[];
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation('portal');
  if (tasks.length === 0) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <section className="contract-tasks" aria-label={t('tasks.title')}>
      <Heading>{t('tasks.title')}</Heading>
      <ul>
        {tasks.map((task) => {
          const path = taskFlowPath(brand, task.typ, versicherungsNummer);
          const text = t(`tasks.types.${task.typ}`, { bis: formatDate(task.faelligAm) });
          return (
            <li key={`${task.typ}-${task.faelligAm}`}>
              {text}{' '}
              {path ? (
                <Link to={path}>{t('tasks.open', { nummer: versicherungsNummer })}</Link>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
