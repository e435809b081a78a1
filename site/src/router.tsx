import type { ReactNode } from 'react';
import {
  Outlet,
  RouterProvider,
  createBrowserRouter,
  useLocation,
  useNavigate,
} from 'react-router-dom';
import { ErrorBoundary } from './components/ErrorBoundary';
import { LocationContext, NavigateContext } from './features/navigation/navigation';
import { usePageTitle } from './features/title/usePageTitle';
import { routes } from './routes';

/** The router's address and navigation, for what also runs without it (the landing page). */
export function RouterNavigation({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <NavigateContext.Provider value={navigate}>
      <LocationContext.Provider value={location}>{children}</LocationContext.Provider>
    </NavigateContext.Provider>
  );
}

/** The tab's title follows the route. */
export function Root() {
  usePageTitle();
  return (
    <ErrorBoundary>
      <RouterNavigation>
        <Outlet />
      </RouterNavigation>
    </ErrorBoundary>
  );
}

/** The site's router, starting from the current address. */
export function createSiteRouter() {
  return createBrowserRouter([{ element: <Root />, children: routes }]);
}

export type SiteRouter = ReturnType<typeof createSiteRouter>;

export function SiteRoutes({ router }: { router: SiteRouter }) {
  return <RouterProvider router={router} />;
}
