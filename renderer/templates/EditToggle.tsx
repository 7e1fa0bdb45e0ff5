import { useTranslation } from 'react-i18next';

/**
 * The toggle between showing and editing a section: "bearbeiten" while closed, "schließen" while
 * open. `controls` names the id of the section it opens.
 */
export function EditToggle({
  open,
  onToggle,
  controls,
  label,
}: {
  open: boolean;
  onToggle: (open: boolean) => void;
  controls: string;
  label: string;
}) {
  const { t } = useTranslation('common');
  return (
    <button
      type="button"
      className="edit-toggle"
      aria-expanded={open}
      aria-controls={controls}
      onClick={() => onToggle(!open)}
    >
      {open ? t('editToggle.close') : t('editToggle.edit')}
      <span className="visually-hidden"> {label}</span>
    </button>
  );
}
