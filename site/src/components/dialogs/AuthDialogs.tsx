import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useState,
  type ReactNode,
} from 'react';

type AuthDialog = 'login' | 'signup' | 'reset' | null;

interface AuthDialogsValue {
  open(dialog: Exclude<AuthDialog, null>): void;
  close(): void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

const LoginDialog = lazy(() =>
  import('./LoginDialog').then((module) => ({ default: module.LoginDialog })),
);
const SignupDialog = lazy(() =>
  import('./SignupDialog').then((module) => ({ default: module.SignupDialog })),
);
const ResetPasswordDialog = lazy(() =>
  import('./ResetPasswordDialog').then((module) => ({ default: module.ResetPasswordDialog })),
);

/**
 * Login, Sign up and Reset Password: one open at a time, each able to switch to the others. A
 * dialog's code loads when it first opens; it then stays, so that closing animates.
 */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthDialog>(null);
  const [opened, setOpened] = useState<ReadonlySet<AuthDialog>>(new Set());
  const close = useCallback(() => setCurrent(null), []);
  const show = useCallback((dialog: AuthDialog) => {
    setCurrent(dialog);
    setOpened((before) => (before.has(dialog) ? before : new Set(before).add(dialog)));
  }, []);
  const value = useMemo(
    () => ({ open: (dialog: Exclude<AuthDialog, null>) => show(dialog), close }),
    [show, close],
  );
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      {opened.has('login') && (
        <Suspense fallback={null}>
          <LoginDialog open={current === 'login'} onClose={close} onSwitch={show} />
        </Suspense>
      )}
      {opened.has('signup') && (
        <Suspense fallback={null}>
          <SignupDialog open={current === 'signup'} onClose={close} onSwitch={show} />
        </Suspense>
      )}
      {opened.has('reset') && (
        <Suspense fallback={null}>
          <ResetPasswordDialog open={current === 'reset'} onClose={close} />
        </Suspense>
      )}
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  const context = useContext(AuthDialogsContext);
  if (!context) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return context;
}
