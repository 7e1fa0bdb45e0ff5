import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { InfoBox } from '#renderer';
import { useAuth } from '../authStore.ts';
import type { SignInResult } from '../cognito.ts';
import { errorTextKey } from '../errorText.ts';
import { AuthForm } from '../form/AuthForm.tsx';
import { NewPasswordField, PasswordField, UsernameField } from '../form/fields.tsx';
import { email, required, strongPassword } from '../form/rules.ts';
import { TextField } from '../form/TextField.tsx';
import { useAuthForm, type Outcome } from '../form/useAuthForm.ts';
import { PORTAL_PATHS, RETURN_PARAM, safeReturnPath, type Portal } from '../pools.ts';

type Pending = Extract<SignInResult, { kind: 'newPassword' }>;

/** The log-in of a portal; afterwards back to the page in `?ziel=` (same portal only). */
export function LoginPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { auth, signedIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [challenge, setChallenge] = useState<Pending>();
  const form = useAuthForm(
    { username: '', password: '' },
    {
      username: email('auth.validation.username', 'auth.validation.email'),
      password: required('auth.validation.password'),
    },
    t,
  );

  const finish = (result: SignInResult): Outcome => {
    if (result.kind === 'error') return errorTextKey(result.code, result.message);
    if (result.kind === 'success') {
      signedIn(portal, result.session);
      navigate(safeReturnPath(portal, params.get(RETURN_PARAM)), { replace: true });
    } else setChallenge(result);
    return null;
  };

  if (challenge) return <NewPasswordForm challenge={challenge} onDone={finish} />;

  const title = t(
    portal === 'benutzer' ? 'auth.login.titleBenutzer' : 'auth.login.titleVermittler',
  );
  const notice = params.get('abgelaufen')
    ? 'auth.login.expiredNotice'
    : params.get(RETURN_PARAM)
      ? 'auth.login.returnNotice'
      : null;
  return (
    <AuthForm
      {...form.status}
      title={title}
      submitLabel={t('auth.login.submit')}
      onSubmit={() =>
        void form.submit(async () =>
          finish(await auth[portal].signIn(form.values.username, form.values.password)),
        )
      }
      intro={notice ? <InfoBox tone="neutral">{t(notice)}</InfoBox> : null}
      footer={
        <p className="auth-links">
          <Link to={PORTAL_PATHS[portal].forgotPassword}>{t('auth.login.forgotPassword')}</Link>
          {portal === 'benutzer' ? (
            <>
              {' · '}
              <Link to="/kunden/registrieren">{t('auth.login.register')}</Link>
            </>
          ) : null}
        </p>
      }
    >
      <UsernameField {...form.field('username')} inputMode="email" />
      <PasswordField {...form.field('password')} />
    </AuthForm>
  );
}

/** The NEW_PASSWORD_REQUIRED challenge: a new password and the nickname attribute. */
function NewPasswordForm({
  challenge,
  onDone,
}: {
  challenge: Pending;
  /** Takes every answer but an error; never reports one itself. */
  onDone: (result: SignInResult) => Outcome;
}) {
  const { t } = useTranslation('common');
  const form = useAuthForm(
    { newPassword: '', nickname: '' },
    {
      newPassword: strongPassword('auth.validation.newPassword'),
      nickname: required('auth.validation.nickname'),
    },
    t,
  );
  const complete = async () => {
    const result = await challenge.complete(form.values.newPassword, form.values.nickname.trim());
    return result.kind === 'error' ? errorTextKey(result.code, result.message) : onDone(result);
  };
  return (
    <AuthForm
      {...form.status}
      title={t('auth.newPassword.title')}
      submitLabel={t('auth.newPassword.submit')}
      onSubmit={() => void form.submit(complete)}
      intro={<p>{t('auth.newPassword.intro')}</p>}
    >
      <NewPasswordField {...form.field('newPassword')} />
      <TextField
        {...form.field('nickname')}
        autoComplete="nickname"
        label={t('auth.fields.nickname')}
      />
    </AuthForm>
  );
}
