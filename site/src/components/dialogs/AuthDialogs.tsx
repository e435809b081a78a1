import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { LoginDialog } from './LoginDialog';
import { ResetPasswordDialog } from './ResetPasswordDialog';
import { SignupDialog } from './SignupDialog';

type AuthDialog = 'login' | 'signup' | 'reset' | null;

interface AuthDialogsValue {
  open(dialog: Exclude<AuthDialog, null>): void;
  close(): void;
}

const AuthDialogsContext = createContext<AuthDialogsValue | null>(null);

/** Login, Sign up and Reset Password: one open at a time, each able to switch to the others. */
export function AuthDialogsProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<AuthDialog>(null);
  const close = useCallback(() => setCurrent(null), []);
  const value = useMemo(
    () => ({ open: (dialog: Exclude<AuthDialog, null>) => setCurrent(dialog), close }),
    [close],
  );
  return (
    <AuthDialogsContext.Provider value={value}>
      {children}
      <LoginDialog open={current === 'login'} onClose={close} onSwitch={setCurrent} />
      <SignupDialog open={current === 'signup'} onClose={close} onSwitch={setCurrent} />
      <ResetPasswordDialog open={current === 'reset'} onClose={close} />
    </AuthDialogsContext.Provider>
  );
}

export function useAuthDialogs(): AuthDialogsValue {
  const context = useContext(AuthDialogsContext);
  if (!context) throw new Error('useAuthDialogs must be used inside <AuthDialogsProvider>');
  return context;
}
