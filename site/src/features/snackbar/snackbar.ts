import { createContext, useContext } from 'react';
import type { VariantType } from 'notistack';

export interface Snack {
  message: string;
  variant: VariantType;
}

export interface SnackbarValue {
  enqueueSnackbar(message: string, options?: { variant?: VariantType }): void;
}

export const SnackbarContext = createContext<SnackbarValue | null>(null);

/** notistack's `useSnackbar`, answered by the SnackbarHost. */
export function useSnackbar(): SnackbarValue {
  const context = useContext(SnackbarContext);
  if (!context) throw new Error('useSnackbar must be used inside <SnackbarHost>');
  return context;
}
