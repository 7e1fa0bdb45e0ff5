import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { InfoBox } from '#renderer';
import { isValidMobilePhone, normalizePhone } from '../../../../../engine/validation/phone.ts';
import { useAuth } from '../authStore.ts';
import { errorTextKey } from '../errorText.ts';
import { accountOutcome } from '../form/accountOutcome.ts';
import { AuthForm } from '../form/AuthForm.tsx';
import { NewPasswordField, PasswordField } from '../form/fields.tsx';
import { email, required, sixDigits, strongPassword, type Rule } from '../form/rules.ts';
import { TextField } from '../form/TextField.tsx';
import { useAuthForm } from '../form/useAuthForm.ts';
import { PORTAL_PATHS, type Portal } from '../pools.ts';
import type { VerifiedAttribute } from '../session.ts';

/**
 * A German mobile number (or international), normalised to E.164; null when not valid. The
 * engine's check (full metadata: the number's type is known only there, so a landline number is
 * refused), the same as a flow's telephone fields.
 */
export function mobileE164(value: string): string | null {
  return isValidMobilePhone(value) ? normalizePhone(value) : null;
}

const mobile =
  (key: string): Rule =>
  (value) =>
    mobileE164(value) ? null : key;

/** What differs between changing the e-mail address and the mobile number. */
interface AttributeChange {
  attribute: VerifiedAttribute;
  /** Text keys under `auth.<texts>` (title, submit, codeSent, confirmSubmit, done, resend…). */
  texts: 'email' | 'phone';
  rule: Rule;
  /** The value sent to the service (E.164 for a mobile number, lowercased e-mail). */
  normalise: (value: string) => string;
  field: { type: 'email' | 'tel'; autoComplete: string; label: string; hint?: string };
}

const CHANGES: Record<'email' | 'phone', AttributeChange> = {
  email: {
    attribute: 'email',
    texts: 'email',
    rule: email('auth.validation.email', 'auth.validation.email'),
    normalise: (value) => value.trim().toLowerCase(),
    field: { type: 'email', autoComplete: 'email', label: 'auth.fields.newEmail' },
  },
  phone: {
    attribute: 'phone_number',
    texts: 'phone',
    rule: mobile('auth.validation.phone'),
    normalise: (value) => mobileE164(value) ?? '',
    field: {
      type: 'tel',
      autoComplete: 'tel',
      label: 'auth.fields.phone',
      hint: 'auth.fields.phoneHint',
    },
  },
};

/**
 * Change the e-mail address or the mobile number of the signed-in user, in two steps: the new
 * value, then the code the service sent to it (e-mail to the new address, SMS TAN to the new
 * number). The old value stays until the code is confirmed.
 */
function ChangeVerifiedPage({ portal, change }: { portal: Portal; change: AttributeChange }) {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const [step, setStep] = useState<'value' | 'code' | 'done'>('value');
  const [resent, setResent] = useState(false);
  const form = useAuthForm(
    { value: '', code: '' },
    step === 'value' ? { value: change.rule } : { code: sixDigits('auth.validation.code') },
    t,
  );
  const texts = `auth.${change.texts}`;
  const target = change.normalise(form.values.value);
  if (step === 'done') {
    return (
      <>
        <h1 tabIndex={-1} ref={(node) => node?.focus()}>
          {t(`${texts}.doneTitle`)}
        </h1>
        <InfoBox tone="positive">{t(`${texts}.done`, { target })}</InfoBox>
        <p>
          <Link to={`${PORTAL_PATHS[portal].base}/kundendaten`}>{t('auth.toAccount')}</Link>
        </p>
      </>
    );
  }
  if (step === 'value') {
    return (
      <AuthForm
        {...form.status}
        title={t(`${texts}.title`)}
        submitLabel={t(`${texts}.submit`)}
        onSubmit={() =>
          void form.submit(async () =>
            accountOutcome(
              await auth[portal].requestAttributeChange(change.attribute, target),
              () => setStep('code'),
              (code) =>
                code === 'AliasExistsException' ? 'auth.errors.emailTaken' : errorTextKey(code),
            ),
          )
        }
        intro={<p>{t(`${texts}.intro`)}</p>}
      >
        <TextField
          {...form.field('value')}
          type={change.field.type}
          autoComplete={change.field.autoComplete}
          label={t(change.field.label)}
          hint={change.field.hint ? t(change.field.hint) : undefined}
        />
      </AuthForm>
    );
  }
  return (
    <AuthForm
      {...form.status}
      title={t(`${texts}.confirmTitle`)}
      submitLabel={t(`${texts}.confirmSubmit`)}
      onSubmit={() =>
        void form.submit(async () =>
          accountOutcome(
            await auth[portal].verifyAttribute(change.attribute, form.values.code),
            () => setStep('done'),
          ),
        )
      }
      intro={
        <>
          <InfoBox tone="neutral">{t(`${texts}.codeSent`, { target })}</InfoBox>
          {resent ? <p role="status">{t(`${texts}.resent`, { target })}</p> : null}
        </>
      }
      footer={
        <button
          type="button"
          className="button button--secondary"
          onClick={() =>
            void auth[portal].resendAttributeCode(change.attribute).then((result) => {
              setResent(result.ok);
            })
          }
        >
          {t(`${texts}.resend`)}
        </button>
      }
    >
      <TextField
        {...form.field('code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        label={t(`${texts}.codeLabel`)}
        hint={t(`${texts}.codeHint`, { target })}
      />
    </AuthForm>
  );
}

/** Change the mobile number of the signed-in user, confirmed by an SMS TAN. */
export function ChangePhonePage({ portal }: { portal: Portal }) {
  return <ChangeVerifiedPage portal={portal} change={CHANGES.phone} />;
}

/** Change the e-mail address of the signed-in user, confirmed by a code sent to the new one. */
export function ChangeEmailPage({ portal }: { portal: Portal }) {
  return <ChangeVerifiedPage portal={portal} change={CHANGES.email} />;
}

/** Change the password of the signed-in user. */
export function ChangePasswordPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { auth } = useAuth();
  const form = useAuthForm(
    { currentPassword: '', newPassword: '' },
    {
      currentPassword: required('auth.validation.password'),
      newPassword: strongPassword('auth.validation.newPassword'),
    },
    t,
  );
  const change = async () =>
    accountOutcome(
      await auth[portal].changePassword(form.values.currentPassword, form.values.newPassword),
      undefined,
      (code, message) =>
        code === 'NotAuthorizedException'
          ? 'auth.errors.currentPassword'
          : errorTextKey(code, message),
    );
  return (
    <AuthForm
      {...form.status}
      title={t('auth.password.title')}
      submitLabel={t('auth.password.submit')}
      onSubmit={() => void form.submit(change)}
      intro={form.done ? <InfoBox tone="positive">{t('auth.password.done')}</InfoBox> : null}
    >
      <PasswordField {...form.field('currentPassword')} label={t('auth.fields.currentPassword')} />
      <NewPasswordField {...form.field('newPassword')} />
    </AuthForm>
  );
}
