import { Route } from 'react-router';
import { RequireAuth } from './RequireAuth.tsx';
import { ChangePasswordPage, ChangePhonePage } from './pages/AccountPages.tsx';
import { ForgotPasswordPage } from './pages/ForgotPasswordPage.tsx';
import { LoginPage } from './pages/LoginPage.tsx';
import { RegisterPage } from './pages/RegisterPage.tsx';

/** The sign-in routes of both portals, to place inside the app's `<Routes>`. */
export function authRoutes() {
  return (
    <>
      <Route path="/kunden/login" element={<LoginPage portal="benutzer" />} />
      <Route path="/kunden/passwort-vergessen" element={<ForgotPasswordPage portal="benutzer" />} />
      <Route path="/kunden/registrieren" element={<RegisterPage />} />
      <Route
        path="/kunden/handynummer-aendern"
        element={
          <RequireAuth portal="benutzer">
            <ChangePhonePage portal="benutzer" />
          </RequireAuth>
        }
      />
      <Route
        path="/kunden/kundendaten/passwort"
        element={
          <RequireAuth portal="benutzer">
            <ChangePasswordPage portal="benutzer" />
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
