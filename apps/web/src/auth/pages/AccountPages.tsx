import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { InfoBox } from '#renderer';
import { useAuth } from '../authStore.ts';
import { errorTextKey } from '../errorText.ts';
import { AuthForm } from '../form/AuthForm.tsx';
import { TextField } from '../form/TextField.tsx';
import { required, strongPassword, useFormState, type Rule } from '../form/useFormState.ts';
import type { Portal } from '../pools.ts';

/** A German mobile number (or international), normalised to E.164; null when not valid. */
export function mobileE164(value: string): string | null {
  const parsed = parsePhoneNumberFromString(value, 'DE');
  if (!parsed?.isValid() || parsed.getType() !== 'MOBILE') return null;
  return parsed.number;
}

const mobile =
  (key: string): Rule =>
  (value) =>
    mobileE164(value) ? null : key;

/** Change the mobile number of the signed-in user (customer portal). */
export function ChangePhonePage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const form = useFormState({ phone: '' }, { phone: mobile('auth.validation.phone') }, t);
  const submit = async () => {
    setServiceError(undefined);
    setDone(false);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const result = await auth[portal].changePhoneNumber(mobileE164(form.values.phone) ?? '');
      if (result.ok) setDone(true);
      else {
        setServiceError(t(errorTextKey(result.code)));
        form.bump();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthForm
      title={t('auth.phone.title')}
      errors={form.summary}
      attempt={form.attempt}
      serviceError={serviceError}
      submitLabel={t('auth.phone.submit')}
      busy={busy}
      onSubmit={() => void submit()}
      intro={done ? <InfoBox tone="positive">{t('auth.phone.done')}</InfoBox> : null}
    >
      <TextField
        id="phone"
        type="tel"
        autoComplete="tel"
        label={t('auth.fields.phone')}
        hint={t('auth.fields.phoneHint')}
        value={form.values.phone}
        error={form.errors.phone}
        onChange={(value) => form.set('phone', value)}
      />
    </AuthForm>
  );
}

/** Change the password of the signed-in user. */
export function ChangePasswordPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const form = useFormState(
    { currentPassword: '', newPassword: '' },
    {
      currentPassword: required('auth.validation.password'),
      newPassword: strongPassword('auth.validation.newPassword'),
    },
    t,
  );
  const submit = async () => {
    setServiceError(undefined);
    setDone(false);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const result = await auth[portal].changePassword(
        form.values.currentPassword,
        form.values.newPassword,
      );
      if (result.ok) setDone(true);
      else {
        setServiceError(
          t(
            result.code === 'NotAuthorizedException'
              ? 'auth.errors.currentPassword'
              : errorTextKey(result.code),
          ),
        );
        form.bump();
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthForm
      title={t('auth.password.title')}
      errors={form.summary}
      attempt={form.attempt}
      serviceError={serviceError}
      submitLabel={t('auth.password.submit')}
      busy={busy}
      onSubmit={() => void submit()}
      intro={done ? <InfoBox tone="positive">{t('auth.password.done')}</InfoBox> : null}
    >
      <TextField
        id="currentPassword"
        type="password"
        autoComplete="current-password"
        label={t('auth.fields.currentPassword')}
        value={form.values.currentPassword}
        error={form.errors.currentPassword}
        onChange={(value) => form.set('currentPassword', value)}
      />
      <TextField
        id="newPassword"
        type="password"
        autoComplete="new-password"
        label={t('auth.fields.newPassword')}
        hint={t('auth.fields.passwordHint')}
        value={form.values.newPassword}
        error={form.errors.newPassword}
        onChange={(value) => form.set('newPassword', value)}
      />
    </AuthForm>
  );
}
