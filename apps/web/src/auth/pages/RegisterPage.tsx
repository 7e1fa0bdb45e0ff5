import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../authStore.ts';
import { errorTextKey } from '../errorText.ts';
import { accountOutcome } from '../form/accountOutcome.ts';
import { AuthDone } from '../form/AuthDone.tsx';
import { AuthForm } from '../form/AuthForm.tsx';
import { CodeField, NewPasswordField, UsernameField } from '../form/fields.tsx';
import { email, required, sixDigits, strongPassword } from '../form/rules.ts';
import { TextField } from '../form/TextField.tsx';
import { useAuthForm } from '../form/useAuthForm.ts';

/** Cognito answers a customer number that does not fit the e-mail address this way. */
const registerErrorKey = (code: string) =>
  code === 'InvalidParameterException' ? 'auth.errors.noMatch' : errorTextKey(code);

/** Customer registration: e-mail, customer number and password, then the mailed code. */
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
      accountOutcome(
        await auth.benutzer.confirmRegistration(username, code),
        () => setStep('done'),
        registerErrorKey,
      );
    return (
      <AuthForm
        {...form.status}
        title={t('auth.register.confirmTitle')}
        submitLabel={t('auth.register.confirmSubmit')}
        onSubmit={() => void form.submit(confirm)}
      >
        <CodeField {...form.field('code')} />
      </AuthForm>
    );
  }
  const register = async () =>
    accountOutcome(
      await auth.benutzer.register(username, partnernummer, newPassword),
      () => setStep('confirm'),
      registerErrorKey,
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
