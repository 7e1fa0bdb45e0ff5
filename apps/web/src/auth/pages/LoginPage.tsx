import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { InfoBox } from '#renderer';
import { useAuth } from '../authStore.ts';
import type { SignInResult } from '../cognito.ts';
import { errorTextKey } from '../errorText.ts';
import { AuthForm } from '../form/AuthForm.tsx';
import { TextField } from '../form/TextField.tsx';
import { email, required, strongPassword, useFormState } from '../form/useFormState.ts';
import { PORTAL_PATHS, RETURN_PARAM, safeReturnPath, type Portal } from '../pools.ts';

type Pending = Extract<SignInResult, { kind: 'newPassword' }>;

/** The log-in of a portal; afterwards back to the page in `?ziel=` (same portal only). */
export function LoginPage({ portal }: { portal: Portal }) {
  const { t } = useTranslation('common');
  const { auth, signedIn } = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [busy, setBusy] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const [challenge, setChallenge] = useState<Pending>();
  const form = useFormState(
    { username: '', password: '' },
    {
      username: email('auth.validation.username', 'auth.validation.email'),
      password: required('auth.validation.password'),
    },
    t,
  );

  const finish = (result: SignInResult) => {
    if (result.kind === 'success') {
      signedIn(portal, result.session);
      navigate(safeReturnPath(portal, params.get(RETURN_PARAM)), { replace: true });
    } else if (result.kind === 'newPassword') {
      setChallenge(result);
      setServiceError(undefined);
    } else {
      setServiceError(t(errorTextKey(result.code, result.message)));
      form.bump();
    }
  };

  if (challenge) return <NewPasswordForm challenge={challenge} onDone={finish} />;

  const submit = async () => {
    setServiceError(undefined);
    if (!form.validate()) return;
    setBusy(true);
    try {
      finish(await auth[portal].signIn(form.values.username, form.values.password));
    } finally {
      setBusy(false);
    }
  };

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
      title={title}
      errors={form.summary}
      attempt={form.attempt}
      serviceError={serviceError}
      submitLabel={t('auth.login.submit')}
      busy={busy}
      onSubmit={() => void submit()}
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
      <TextField
        id="username"
        type="email"
        autoComplete="username"
        inputMode="email"
        label={t('auth.fields.username')}
        value={form.values.username}
        error={form.errors.username}
        onChange={(value) => form.set('username', value)}
      />
      <TextField
        id="password"
        type="password"
        autoComplete="current-password"
        label={t('auth.fields.password')}
        value={form.values.password}
        error={form.errors.password}
        onChange={(value) => form.set('password', value)}
      />
    </AuthForm>
  );
}

/** The NEW_PASSWORD_REQUIRED challenge: a new password and the nickname attribute. */
function NewPasswordForm({
  challenge,
  onDone,
}: {
  challenge: Pending;
  onDone: (result: SignInResult) => void;
}) {
  const { t } = useTranslation('common');
  const [busy, setBusy] = useState(false);
  const [serviceError, setServiceError] = useState<string>();
  const form = useFormState(
    { newPassword: '', nickname: '' },
    {
      newPassword: strongPassword('auth.validation.newPassword'),
      nickname: required('auth.validation.nickname'),
    },
    t,
  );
  const submit = async () => {
    setServiceError(undefined);
    if (!form.validate()) return;
    setBusy(true);
    try {
      const result = await challenge.complete(form.values.newPassword, form.values.nickname.trim());
      if (result.kind === 'error') {
        setServiceError(t(errorTextKey(result.code, result.message)));
        form.bump();
      } else onDone(result);
    } finally {
      setBusy(false);
    }
  };
  return (
    <AuthForm
      title={t('auth.newPassword.title')}
      errors={form.summary}
      attempt={form.attempt}
      serviceError={serviceError}
      submitLabel={t('auth.newPassword.submit')}
      busy={busy}
      onSubmit={() => void submit()}
      intro={<p>{t('auth.newPassword.intro')}</p>}
    >
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
      <TextField
        id="nickname"
        autoComplete="nickname"
        label={t('auth.fields.nickname')}
        value={form.values.nickname}
        error={form.errors.nickname}
        onChange={(value) => form.set('nickname', value)}
      />
    </AuthForm>
  );
}
