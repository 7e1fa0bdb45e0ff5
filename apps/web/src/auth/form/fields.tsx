import { useTranslation } from 'react-i18next';
import { TextField, type TextFieldProps } from './TextField.tsx';
import type { BoundField } from './useAuthForm.ts';

/** Props of a preset field: the form's binding, and any {@link TextField} prop to override. */
export type PresetFieldProps = BoundField & Partial<Omit<TextFieldProps, keyof BoundField>>;

/** The e-mail address that is the user name. */
export function UsernameField(props: PresetFieldProps) {
  const { t } = useTranslation('common');
  return (
    <TextField type="email" autoComplete="username" label={t('auth.fields.username')} {...props} />
  );
}

/** The password the user has now (log-in; a change of password overrides the label). */
export function PasswordField(props: PresetFieldProps) {
  const { t } = useTranslation('common');
  return (
    <TextField
      type="password"
      autoComplete="current-password"
      label={t('auth.fields.password')}
      {...props}
    />
  );
}

/** A password to set, with Cognito's policy as the hint. */
export function NewPasswordField(props: PresetFieldProps) {
  const { t } = useTranslation('common');
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      label={t('auth.fields.newPassword')}
      hint={t('auth.fields.passwordHint')}
      {...props}
    />
  );
}

/** The 6-digit code sent by e-mail. */
export function CodeField(props: PresetFieldProps) {
  const { t } = useTranslation('common');
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      label={t('auth.fields.code')}
      hint={t('auth.fields.codeHint')}
      {...props}
    />
  );
}
