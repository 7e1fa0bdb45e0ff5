import { lazy, type ReactNode } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from './RequireAuth.tsx';

// The sign-in pages load on their routes (the account pages bring libphonenumber-js); the app's
// <Suspense> around its routes shows the loading text meanwhile.
const ChangePasswordPage = lazy(() =>
  import('./pages/AccountPages.tsx').then((m) => ({ default: m.ChangePasswordPage })),
);
const ChangePhonePage = lazy(() =>
  import('./pages/AccountPages.tsx').then((m) => ({ default: m.ChangePhonePage })),
);
const ChangeEmailPage = lazy(() =>
  import('./pages/AccountPages.tsx').then((m) => ({ default: m.ChangeEmailPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./pages/ForgotPasswordPage.tsx').then((m) => ({ default: m.ForgotPasswordPage })),
);
const LoginPage = lazy(() =>
  import('./pages/LoginPage.tsx').then((m) => ({ default: m.LoginPage })),
);
const RegisterPage = lazy(() =>
  import('./pages/RegisterPage.tsx').then((m) => ({ default: m.RegisterPage })),
);

/** A customer-portal route that only a signed-in customer may see. */
function customerRoute(path: string, page: ReactNode) {
  return <Route path={path} element={<RequireAuth portal="benutzer">{page}</RequireAuth>} />;
}

/** The sign-in routes of both portals, to place inside the app's `<Routes>`. */
export function authRoutes() {
  return (
    <>
      <Route path="/kunden/login" element={<LoginPage portal="benutzer" />} />
      <Route path="/kunden/passwort-vergessen" element={<ForgotPasswordPage portal="benutzer" />} />
      <Route path="/kunden/registrieren" element={<RegisterPage />} />
      {customerRoute('/kunden/handynummer-aendern', <ChangePhonePage portal="benutzer" />)}
      {customerRoute('/kunden/kundendaten/handynummer', <ChangePhonePage portal="benutzer" />)}
      {customerRoute('/kunden/kundendaten/email', <ChangeEmailPage portal="benutzer" />)}
      {customerRoute('/kunden/kundendaten/passwort', <ChangePasswordPage portal="benutzer" />)}
      <Route
        path="/vermittler/einstellungen/passwort"
        element={
          <RequireAuth portal="vermittler">
            <ChangePasswordPage portal="vermittler" />
          </RequireAuth>
        }
      />
      <Route path="/vermittler/login" element={<LoginPage portal="vermittler" />} />
      <Route
        path="/vermittler/passwort-vergessen"
        element={<ForgotPasswordPage portal="vermittler" />}
      />
    </>
  );
}
