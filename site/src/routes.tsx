import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { LandingPage } from './pages/landing/LandingPage';
import { loadLandingSections } from './pages/landing/sections';
import { NotFoundPage } from './pages/not-found/NotFoundPage';

/** Everything but the landing page loads on demand, so the landing route ships only its own code. */
function lazyPage(load: () => Promise<ComponentType>) {
  const Page = lazy(async () => ({ default: await load() }));
  return (
    <Suspense fallback={<LinearProgress aria-label="Loading" />}>
      <Page />
    </Suspense>
  );
}

export const routes: RouteObject[] = [
  {
    path: '/',
    // The page shows whole, as the build's HTML does: the router waits for its sections' code.
    lazy: () => loadLandingSections().then(() => ({ element: <LandingPage /> })),
  },
  {
    path: '/confirm-email',
    handle: { title: 'Confirm your e-mail' },
    element: lazyPage(() =>
      import('./pages/auth/ConfirmEmailPage').then((m) => m.ConfirmEmailPage),
    ),
  },
  {
    path: '/founding-member-success',
    handle: { title: 'Founding Member' },
    element: lazyPage(() =>
      import('./pages/founding/FoundingSuccessPage').then((m) => m.FoundingSuccessPage),
    ),
  },
  {
    path: '/setup-password',
    handle: { title: 'Set your password' },
    element: lazyPage(() =>
      import('./pages/auth/SetupPasswordPage').then((m) => m.SetupPasswordPage),
    ),
  },
  {
    path: '/newsletter/confirm',
    handle: { title: 'Newsletter' },
    element: lazyPage(() =>
      import('./pages/newsletter/NewsletterLinkPage').then((m) => m.NewsletterConfirmPage),
    ),
  },
  {
    path: '/unsubscribe',
    handle: { title: 'Unsubscribe' },
    element: lazyPage(() =>
      import('./pages/newsletter/NewsletterLinkPage').then((m) => m.UnsubscribePage),
    ),
  },
  {
    path: '/dashboard',
    handle: { title: 'Dashboard' },
    element: lazyPage(() =>
      import('./pages/dashboard/DashboardLayout').then((m) => m.DashboardLayout),
    ),
    children: [
      {
        index: true,
        handle: { title: 'Welcome' },
        element: lazyPage(() => import('./pages/dashboard/WelcomePage').then((m) => m.WelcomePage)),
      },
      {
        path: 'today',
        handle: { title: 'Today' },
        element: lazyPage(() =>
          import('./pages/dashboard/today/TodayPage').then((m) => m.TodayPage),
        ),
      },
      {
        path: 'pipeline',
        handle: { title: 'Pipeline' },
        element: lazyPage(() =>
          import('./pages/dashboard/pipeline/PipelinePage').then((m) => m.PipelinePage),
        ),
      },
      {
        path: 'icp',
        handle: { title: 'Ideal customer' },
        element: lazyPage(() => import('./pages/dashboard/icp/IcpPage').then((m) => m.IcpPage)),
      },
      {
        path: 'tasks',
        handle: { title: 'Tasks' },
        element: lazyPage(() =>
          import('./pages/dashboard/tasks/TasksPage').then((m) => m.TasksPage),
        ),
      },
      {
        path: 'leads',
        handle: { title: 'Leads' },
        element: lazyPage(() =>
          import('./pages/dashboard/leads/LeadsPage').then((m) => m.LeadsPage),
        ),
      },
      {
        path: 'leads/:id',
        handle: { title: 'Lead' },
        element: lazyPage(() =>
          import('./pages/dashboard/leads/lead/LeadPage').then((m) => m.LeadPage),
        ),
      },
      {
        path: 'imports',
        handle: { title: 'Imports' },
        element: lazyPage(() =>
          import('./pages/dashboard/leads/imports/ImportsPage').then((m) => m.ImportsPage),
        ),
      },
      {
        path: 'content',
        handle: { title: 'Content' },
        element: lazyPage(() => import('./pages/dashboard/ContentPage').then((m) => m.ContentPage)),
      },
      {
        path: 'settings',
        handle: { title: 'Settings' },
        element: lazyPage(() =>
          import('./pages/dashboard/SettingsPage').then((m) => m.SettingsPage),
        ),
      },
    ],
  },
  { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
];
