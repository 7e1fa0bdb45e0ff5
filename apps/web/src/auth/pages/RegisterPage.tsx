import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoBox } from '#renderer';
import { useAuth } from '../authStore.ts';
import { errorTextKey } from '../errorText.ts';
import { AuthForm } from '../form/AuthForm.tsx';
import { TextField } from '../form/TextField.tsx';
import { email, required, sixDigits, strongPassword, useFormState } from '../form/useFormState.ts';
import { PORTAL_PATHS } from '../pools.ts';

/** Customer registration: e-mail, customer number and password, then the mailed code. */
export function RegisterPage() {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const [step, setStep] = useState<'register' | 'confirm' | 'done'>('register');
  const [busy, setBusy] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const form = useFormState(
    { username: '', partnernummer: '', newPassword: '', code: '' },
    step === 'register'
      ? {
          username: email('auth.validation.username', 'auth.validation.email'),
          partnernummer: required('auth.validation.partnernummer'),
          newPassword: strongPassword('auth.validation.newPassword'),
        }
      : { code: sixDigits('auth.validation.code') },
    t,
  );
  const run = async (action: () => Promise<{ ok: boolean; code?: string }>, next: typeof step) => {
    setServiceError(undefined);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const result = await action();
      if (result.ok) setStep(next);
      else {
        setServiceError(
          t(
            result.code === 'InvalidParameterException'
              ? 'auth.errors.noMatch'
              : errorTextKey(result.code ?? ''),
          ),
        );
        form.bump();
      }
    } finally {
      setBusy(false);
    }
  };

  if (step === 'done') {
    return (
      <>
        <h1 tabIndex={-1} ref={(node) => node?.focus()}>
          {t('auth.register.doneTitle')}
        </h1>
        <InfoBox tone="positive">{t('auth.register.doneText')}</InfoBox>
        <p>
          <Link to={PORTAL_PATHS.benutzer.login}>{t('auth.toLogin')}</Link>
        </p>
      </>
    );
  }
  if (step === 'confirm') {
    return (
      <AuthForm
        title={t('auth.register.confirmTitle')}
        errors={form.summary}
        attempt={form.attempt}
        serviceError={serviceError}
        submitLabel={t('auth.register.confirmSubmit')}
        busy={busy}
        onSubmit={() =>
          void run(
            () => auth.benutzer.confirmRegistration(form.values.username, form.values.code),
            'done',
          )
        }
      >
        <TextField
          id="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          label={t('auth.fields.code')}
          hint={t('auth.fields.codeHint')}
          value={form.values.code}
          error={form.errors.code}
          onChange={(value) => form.set('code', value)}
        />
      </AuthForm>
    );
  }
  return (
    <AuthForm
      title={t('auth.register.title')}
      errors={form.summary}
      attempt={form.attempt}
      serviceError={serviceError}
      submitLabel={t('auth.register.submit')}
      busy={busy}
      onSubmit={() =>
        void run(
          () =>
            auth.benutzer.register(
              form.values.username,
              form.values.partnernummer,
              form.values.newPassword,
            ),
          'confirm',
        )
      }
    >
      <TextField
        id="username"
        type="email"
        autoComplete="email"
        label={t('auth.fields.username')}
        value={form.values.username}
        error={form.errors.username}
        onChange={(value) => form.set('username', value)}
      />
      <TextField
        id="partnernummer"
        inputMode="numeric"
        label={t('auth.fields.partnernummer')}
        hint={t('auth.fields.partnernummerHint')}
        value={form.values.partnernummer}
        error={form.errors.partnernummer}
        onChange={(value) => form.set('partnernummer', value)}
      />
      <TextField
        id="newPassword"
        type="password"
        autoComplete="new-password"
        label={t('auth.fields.password')}
        hint={t('auth.fields.passwordHint')}
        value={form.values.newPassword}
        error={form.errors.newPassword}
        onChange={(value) => form.set('newPassword', value)}
      />
    </AuthForm>
  );
}
