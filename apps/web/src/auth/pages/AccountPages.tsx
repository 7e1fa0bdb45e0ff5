import { useTranslation } from 'react-i18next';
import { parsePhoneNumberFromString } from 'libphonenumber-js';
import { InfoBox } from '#renderer';
import { useAuth } from '../authStore.ts';
import { errorTextKey } from '../errorText.ts';
import { accountOutcome } from '../form/accountOutcome.ts';
import { AuthForm } from '../form/AuthForm.tsx';
import { NewPasswordField, PasswordField } from '../form/fields.tsx';
import { required, strongPassword, type Rule } from '../form/rules.ts';
import { TextField } from '../form/TextField.tsx';
import { useAuthForm } from '../form/useAuthForm.ts';
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
  const form = useAuthForm({ phone: '' }, { phone: mobile('auth.validation.phone') }, t);
  return (
    <AuthForm
      {...form.status}
      title={t('auth.phone.title')}
      submitLabel={t('auth.phone.submit')}
      onSubmit={() =>
        void form.submit(async () =>
          accountOutcome(await auth[portal].changePhoneNumber(mobileE164(form.values.phone) ?? '')),
        )
      }
      intro={form.done ? <InfoBox tone="positive">{t('auth.phone.done')}</InfoBox> : null}
    >
      <TextField
        {...form.field('phone')}
        type="tel"
        autoComplete="tel"
        label={t('auth.fields.phone')}
        hint={t('auth.fields.phoneHint')}
      />
    </AuthForm>
  );
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
      (code) =>
        code === 'NotAuthorizedException' ? 'auth.errors.currentPassword' : errorTextKey(code),
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
