import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoBox } from '#renderer';
import { useAuth } from '../authStore.ts';
import { errorTextKey } from '../errorText.ts';
import { AuthForm } from '../form/AuthForm.tsx';
import { TextField } from '../form/TextField.tsx';
import { email, sixDigits, strongPassword, useFormState } from '../form/useFormState.ts';
import { PORTAL_PATHS, type Portal } from '../pools.ts';

/** Password forgotten: request a code by e-mail, then set a new password with it. */
export function ForgotPasswordPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>('request');
  const [busy, setBusy] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const form = useFormState(
    { username: '', code: '', newPassword: '' },
    step === 'request'
      ? { username: email('auth.validation.username', 'auth.validation.email') }
      : {
          code: sixDigits('auth.validation.code'),
          newPassword: strongPassword('auth.validation.newPassword'),
        },
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
        setServiceError(t(errorTextKey(result.code ?? '')));
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
          {t('auth.forgot.doneTitle')}
        </h1>
        <InfoBox tone="positive">{t('auth.forgot.doneText')}</InfoBox>
        <p>
          <Link to={PORTAL_PATHS[portal].login}>{t('auth.toLogin')}</Link>
        </p>
      </>
    );
  }
  if (step === 'request') {
    return (
      <AuthForm
        title={t('auth.forgot.title')}
        errors={form.summary}
        attempt={form.attempt}
        serviceError={serviceError}
        submitLabel={t('auth.forgot.submit')}
        busy={busy}
        onSubmit={() =>
          void run(() => auth[portal].forgotPassword(form.values.username), 'confirm')
        }
        intro={<p>{t('auth.forgot.intro')}</p>}
        footer={
          <p>
            <Link to={PORTAL_PATHS[portal].login}>{t('auth.toLogin')}</Link>
          </p>
        }
      >
        <TextField
          id="username"
          type="email"
          autoComplete="username"
          label={t('auth.fields.username')}
          value={form.values.username}
          error={form.errors.username}
          onChange={(value) => form.set('username', value)}
        />
      </AuthForm>
    );
  }
  return (
    <AuthForm
      title={t('auth.forgot.confirmTitle')}
      errors={form.summary}
      attempt={form.attempt}
      serviceError={serviceError}
      submitLabel={t('auth.forgot.confirmSubmit')}
      busy={busy}
      onSubmit={() =>
        void run(
          () =>
            auth[portal].confirmPassword(
              form.values.username,
              form.values.code,
              form.values.newPassword,
            ),
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
