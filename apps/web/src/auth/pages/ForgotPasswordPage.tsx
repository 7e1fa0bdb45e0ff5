import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../authStore.ts';
import { accountOutcome } from '../form/accountOutcome.ts';
import { AuthDone } from '../form/AuthDone.tsx';
import { AuthForm } from '../form/AuthForm.tsx';
import { CodeField, NewPasswordField, UsernameField } from '../form/fields.tsx';
import { LoginLink } from '../form/LoginLink.tsx';
import { email, sixDigits, strongPassword } from '../form/rules.ts';
import { useAuthForm } from '../form/useAuthForm.ts';
import type { Portal } from '../pools.ts';

/** Password forgotten: request a code by e-mail, then set a new password with it. */
export function ForgotPasswordPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const [step, setStep] = useState<'request' | 'confirm' | 'done'>('request');
  const form = useAuthForm(
    { username: '', code: '', newPassword: '' },
    step === 'request'
      ? { username: email('auth.validation.username', 'auth.validation.email') }
      : {
          code: sixDigits('auth.validation.code'),
          newPassword: strongPassword('auth.validation.newPassword'),
        },
    t,
  );
  const { username, code, newPassword } = form.values;

  if (step === 'done') {
    return (
      <AuthDone
        title={t('auth.forgot.doneTitle')}
        text={t('auth.forgot.doneText')}
        portal={portal}
      />
    );
  }
  if (step === 'request') {
    const request = async () =>
      accountOutcome(await auth[portal].forgotPassword(username), () => setStep('confirm'));
    return (
      <AuthForm
        {...form.status}
        title={t('auth.forgot.title')}
        submitLabel={t('auth.forgot.submit')}
        onSubmit={() => void form.submit(request)}
        intro={<p>{t('auth.forgot.intro')}</p>}
        footer={<LoginLink portal={portal} />}
      >
        <UsernameField {...form.field('username')} />
      </AuthForm>
    );
  }
  const confirm = async () =>
    accountOutcome(await auth[portal].confirmPassword(username, code, newPassword), () =>
      setStep('done'),
    );
  return (
    <AuthForm
      {...form.status}
      title={t('auth.forgot.confirmTitle')}
      submitLabel={t('auth.forgot.confirmSubmit')}
      onSubmit={() => void form.submit(confirm)}
    >
      <CodeField {...form.field('code')} />
      <NewPasswordField {...form.field('newPassword')} />
    </AuthForm>
  );
}
