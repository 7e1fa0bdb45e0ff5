import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../authStore.ts';
import { accountOutcome } from '../form/accountOutcome.ts';
import { AuthDone } from '../form/AuthDone.tsx';
import { AuthForm } from '../form/AuthForm.tsx';
import { CodeField, NewPasswordField, UsernameField } from '../form/fields.tsx';
import { email, required, sixDigits, strongPassword } from '../form/rules.ts';
import { TextField } from '../form/TextField.tsx';
import { useAuthForm } from '../form/useAuthForm.ts';

/**
 * Customer registration: e-mail, customer number and password, then the code the service mailed
 * to the address on file (the service answers every registration alike, so the page cannot say
 * whether the two matched).
 */
export function RegisterPage() {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const [step, setStep] = useState<'register' | 'confirm' | 'done'>('register');
  const form = useAuthForm(
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
  const { username, partnernummer, newPassword, code } = form.values;

  if (step === 'done') {
    return (
      <AuthDone
        title={t('auth.register.doneTitle')}
        text={t('auth.register.doneText')}
        portal="benutzer"
      />
    );
  }
  if (step === 'confirm') {
    const confirm = async () =>
      accountOutcome(await auth.benutzer.confirmRegistration(username, code), () =>
        setStep('done'),
      );
    return (
      <AuthForm
        {...form.status}
        title={t('auth.register.confirmTitle')}
        submitLabel={t('auth.register.confirmSubmit')}
        onSubmit={() => void form.submit(confirm)}
        intro={<p>{t('auth.register.confirmIntro')}</p>}
      >
        <CodeField {...form.field('code')} />
      </AuthForm>
    );
  }
  const register = async () =>
    accountOutcome(await auth.benutzer.register(username, partnernummer, newPassword), () =>
      setStep('confirm'),
    );
  return (
    <AuthForm
      {...form.status}
      title={t('auth.register.title')}
      submitLabel={t('auth.register.submit')}
      onSubmit={() => void form.submit(register)}
    >
      <UsernameField {...form.field('username')} autoComplete="email" />
      <TextField
        {...form.field('partnernummer')}
        inputMode="numeric"
        label={t('auth.fields.partnernummer')}
        hint={t('auth.fields.partnernummerHint')}
      />
      <NewPasswordField {...form.field('newPassword')} label={t('auth.fields.password')} />
    </AuthForm>
  );
}
