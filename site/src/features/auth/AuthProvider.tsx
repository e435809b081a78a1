import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { isMfaRequired, type AuthEvent, type Session } from '@leadpulse/common';
import { authApi, type SecondStep } from './auth-api';
import { sessionClient } from './session';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
  status: AuthStatus;
  session: Session | null;
  /** The last session was ended by the server (a refused refresh), not by the member. */
  sessionEnded: boolean;
  /**
   * Signs in with the password; with two-step verification on, resolves with the token of the
   * code step instead, which `completeSignIn` spends.
   */
  signIn(email: string, password: string): Promise<{ mfaToken?: string }>;
  completeSignIn(mfaToken: string, step: SecondStep): Promise<void>;
  /** Stores a session obtained elsewhere (confirmation link, password reset). */
  acceptSession(session: Session, event?: AuthEvent): void;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

export function AuthProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [status, setStatus] = useState<AuthStatus>('loading');
  const [sessionEnded, setSessionEnded] = useState(false);

  useEffect(() => {
    const settle = (next: Session | null) => {
      setSession(next);
      setStatus(next ? 'authenticated' : 'unauthenticated');
    };
    const unsubscribe = sessionClient.subscribe((event, next, reason) => {
      if (event === 'SIGNED_OUT') setSessionEnded(reason === 'session_ended');
      else if (next) setSessionEnded(false);
      // A stored session that has already expired is only as good as its refresh: until that
      // answers, the outcome is unknown and the status stays loading.
      if (event === 'INITIAL_SESSION' && next && sessionClient.secondsLeft(next) <= 0) {
        void sessionClient
          .refresh()
          .catch(() => null)
          .then(() => settle(sessionClient.session));
        return;
      }
      // The first answer is a transition: the landing page's sections, hydrating from the build's
      // HTML, then keep that HTML until their code arrives instead of being drawn anew.
      if (event === 'INITIAL_SESSION') startTransition(() => settle(next));
      else settle(next);
    });
    sessionClient.start();
    return () => {
      unsubscribe();
      sessionClient.stop();
    };
  }, []);

  const signIn = useCallback(async (email: string, password: string) => {
    const answer = await authApi.login(email, password);
    if (isMfaRequired(answer)) return { mfaToken: answer.mfa_token };
    sessionClient.setSession(answer);
    return {};
  }, []);

  const completeSignIn = useCallback(async (mfaToken: string, step: SecondStep) => {
    sessionClient.setSession(await authApi.challenge(mfaToken, step));
  }, []);

  const acceptSession = useCallback(
    (next: Session, event: AuthEvent = 'SIGNED_IN') => sessionClient.setSession(next, event),
    [],
  );

  const signOut = useCallback(async () => {
    const current = sessionClient.session;
    sessionClient.signOut();
    if (current) await authApi.logout(current.refresh_token).catch(() => undefined);
  }, []);

  const value = useMemo(
    () => ({ status, session, sessionEnded, signIn, completeSignIn, acceptSession, signOut }),
    [status, session, sessionEnded, signIn, completeSignIn, acceptSession, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
