import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A message box for the Postfach and claim messages: placeholder "Nachricht schreiben". */
export function MessageInput({
  label,
  onSend,
  sendLabel,
}: {
  label: string;
  sendLabel: string;
  onSend: (text: string) => void;
}) {
  const { t } = useTranslation('common');
  const id = useId();
  const [text, setText] = useState('');
  return (
    <form
      className="message-input"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (text.trim() === '') return;
        onSend(text.trim());
        setText('');
      }}
    >
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        placeholder={t('message.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className="button">
        {sendLabel}
      </button>
    </form>
  );
}
