import type { ReactNode } from 'react';
import { Route } from 'react-router';
import { RequireAuth } from './RequireAuth.tsx';
import { ChangePasswordPage, ChangePhonePage } from './pages/AccountPages.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { RegisterPage } from './pages/RegisterPage.tsx';

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
      {customerRoute('/kunden/kundendaten/passwort', <ChangePasswordPage portal="benutzer" />)}
      <Route path="/vermittler/login" element={<LoginPage portal="vermittler" />} />
      <Route
        path="/vermittler/passwort-vergessen"
        element={<ForgotPasswordPage portal="vermittler" />}
      />
    </>
  );
}
