import { CssBaseline, ThemeProvider } from '@mui/material';
import { SnackbarProvider } from 'notistack';
import { Outlet, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { AuthDialogsProvider } from './components/dialogs/AuthDialogs';
import { ErrorBoundary } from './components/ErrorBoundary';
import { AuthProvider } from './features/auth/AuthProvider';
import { usePageTitle } from './features/title/usePageTitle';
import { routes } from './routes';
import { theme } from './theme/theme';

/** Dialogs navigate, so they live inside the router; the tab's title follows the route. */
export function Root() {
  usePageTitle();
  return (
    <ErrorBoundary>
      <AuthDialogsProvider>
        <Outlet />
      </AuthDialogsProvider>
    </ErrorBoundary>
  );
}

const router = createBrowserRouter([{ element: <Root />, children: routes }]);

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarProvider maxSnack={3} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </SnackbarProvider>
    </ThemeProvider>
  );
}
