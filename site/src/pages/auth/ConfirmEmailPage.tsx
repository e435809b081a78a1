import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { MESSAGES } from '@leadpulse/common';
import { ApiError } from '../../api/client';
import { LinkFailed, LinkPage, LinkWorking } from '../../components/LinkPage';
import { ResendConfirmation } from '../../components/ResendConfirmation';
import { authApi } from '../../features/auth/auth-api';
import { useAuth } from '../../features/auth/AuthProvider';
import { AFTER_CONFIRMATION, linkToken } from '../../features/auth/link-token';

/**
 * The confirmation link's target: confirms, signs in and goes to the dashboard, or, when the
 * link was opened in another browser than the sign-up's, to choose a password first.
 */
export function ConfirmEmailPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { acceptSession } = useAuth();
  const [token] = useState(() => linkToken(location));
  const [error, setError] = useState<string | undefined>(
    token ? undefined : MESSAGES.session.invalidConfirmationLink,
  );
  const started = useRef(false);

  useEffect(() => {
    // A link works once: confirm it once, even when React runs effects twice in development.
    if (started.current || !token) return;
    started.current = true;
    authApi
      .confirm(token)
      .then(({ password_setup_token: setupToken, ...session }) => {
        acceptSession(session);
        if (setupToken)
          navigate(`/setup-password#token=${encodeURIComponent(setupToken)}`, {
            replace: true,
            state: AFTER_CONFIRMATION,
          });
        else navigate('/dashboard', { replace: true });
      })
      .catch((caught) =>
        setError(
          caught instanceof ApiError && caught.code === 'invalid_token'
            ? MESSAGES.session.invalidConfirmationLink
            : MESSAGES.login.unexpected,
        ),
      );
  }, [token, navigate, acceptSession]);

  return (
    <LinkPage>
      {error ? (
        <LinkFailed title="Confirm your e-mail" error={error}>
          {error === MESSAGES.session.invalidConfirmationLink && <ResendConfirmation />}
        </LinkFailed>
      ) : (
        <LinkWorking label="Confirming your e-mail…" />
      )}
    </LinkPage>
  );
}
