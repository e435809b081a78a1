import { lazy, startTransition, Suspense, useCallback, useState } from 'react';
import { CssBaseline } from '@mui/material';
import { ThemeProvider } from '@mui/system';
import { AuthDialogsProvider } from './components/dialogs/AuthDialogs';
import { ErrorBoundary } from './components/ErrorBoundary';
import { AuthProvider } from './features/auth/AuthProvider';
import {
  LocationContext,
  NavigateContext,
  changeWindowLocation,
  useWindowLocation,
  type Navigate,
} from './features/navigation/navigation';
import { SnackbarHost } from './features/snackbar/SnackbarHost';
import { LandingPage } from './pages/landing/LandingPage';
import type { SiteRouter } from './router';
import { theme } from './theme/theme';

let routerLoad:
  Promise<{ router: SiteRouter; SiteRoutes: typeof import('./router').SiteRoutes }> | undefined;

/** The router, created once from the address of the first page that needs it. */
function loadRouter() {
  routerLoad ??= import('./router').then((module) => ({
    router: module.createSiteRouter(),
    SiteRoutes: module.SiteRoutes,
  }));
  return routerLoad;
}

const RouterPages = lazy(() =>
  loadRouter().then(({ router, SiteRoutes }) => ({
    default: function RouterPages() {
      return <SiteRoutes router={router} />;
    },
  })),
);

/** `landing`: the visit starts on the landing page, whose HTML the build has already rendered. */
export function App({ landing }: { landing: boolean }) {
  // Material UI's own ThemeProvider hands a theme without CSS variables to this one; it also
  // carries the CSS-variables provider, 3 KB (gzip) the landing page's first script can do without.
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <SnackbarHost>
        <AuthProvider>
          <Pages landing={landing} />
        </AuthProvider>
      </SnackbarHost>
    </ThemeProvider>
  );
}

/**
 * A visit that starts on the landing page shows it without the router, which loads with the first
 * other page and from then on shows every page, the landing page included. The dialogs sit above
 * both, so that one closing as the page changes still animates.
 */
function Pages({ landing }: { landing: boolean }) {
  const [onLanding, setOnLanding] = useState(landing);
  const navigate = useCallback<Navigate>(
    (to, options) => {
      if (!onLanding) return void loadRouter().then(({ router }) => router.navigate(to, options));
      changeWindowLocation(to, options?.replace);
      // The landing page stays on screen until the router is ready.
      if (window.location.pathname !== '/') startTransition(() => setOnLanding(false));
    },
    [onLanding],
  );
  return (
    <NavigateContext.Provider value={navigate}>
      <ErrorBoundary>
        <AuthDialogsProvider>
          <Suspense fallback={null}>
            {onLanding ? <LandingWithoutRouter /> : <RouterPages />}
          </Suspense>
        </AuthDialogsProvider>
      </ErrorBoundary>
    </NavigateContext.Provider>
  );
}

/** The landing page before the router has loaded: it follows the browser's address itself. */
function LandingWithoutRouter() {
  return (
    <LocationContext.Provider value={useWindowLocation()}>
      <LandingPage />
    </LocationContext.Provider>
  );
}
