import { lazy, Suspense, type ComponentType } from 'react';
import type { RouteObject } from 'react-router-dom';
import { LinearProgress } from '@mui/material';
import { SITE_ROUTES } from '@leadpulse/common';
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

/**
 * The site's pages, at the paths of SITE_ROUTES: the server answers any other path with status 404
 * (routes.test.tsx checks that the two agree).
 */
export const routes: RouteObject[] = [
  {
    path: SITE_ROUTES.landing,
    // The page shows whole, as the build's HTML does: the router waits for its sections' code.
    lazy: () => loadLandingSections().then(() => ({ element: <LandingPage /> })),
  },
  {
    path: SITE_ROUTES.confirmEmail,
    handle: { title: 'Confirm your e-mail' },
    element: lazyPage(() =>
      import('./pages/auth/ConfirmEmailPage').then((m) => m.ConfirmEmailPage),
    ),
  },
  {
    path: SITE_ROUTES.foundingSuccess,
    handle: { title: 'Founding Member' },
    element: lazyPage(() =>
      import('./pages/founding/FoundingSuccessPage').then((m) => m.FoundingSuccessPage),
    ),
  },
  {
    path: SITE_ROUTES.setupPassword,
    handle: { title: 'Set your password' },
    element: lazyPage(() =>
      import('./pages/auth/SetupPasswordPage').then((m) => m.SetupPasswordPage),
    ),
  },
  {
    path: SITE_ROUTES.newsletterConfirm,
    handle: { title: 'Newsletter' },
    element: lazyPage(() =>
      import('./pages/newsletter/NewsletterLinkPage').then((m) => m.NewsletterConfirmPage),
    ),
  },
  {
    path: SITE_ROUTES.unsubscribe,
    handle: { title: 'Unsubscribe' },
    element: lazyPage(() =>
      import('./pages/newsletter/NewsletterLinkPage').then((m) => m.UnsubscribePage),
    ),
  },
  {
    path: SITE_ROUTES.terms,
    handle: { title: 'Terms of Service' },
    element: lazyPage(() => import('./pages/legal/TermsPage').then((m) => m.TermsPage)),
  },
  {
    path: SITE_ROUTES.privacy,
    handle: { title: 'Privacy Policy' },
    element: lazyPage(() => import('./pages/legal/PrivacyPage').then((m) => m.PrivacyPage)),
  },
  {
    path: SITE_ROUTES.dashboard,
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
        path: SITE_ROUTES.dashboardToday,
        handle: { title: 'Today' },
        element: lazyPage(() =>
          import('./pages/dashboard/today/TodayPage').then((m) => m.TodayPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardPipeline,
        handle: { title: 'Pipeline' },
        element: lazyPage(() =>
          import('./pages/dashboard/pipeline/PipelinePage').then((m) => m.PipelinePage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardIcp,
        handle: { title: 'Ideal customer' },
        element: lazyPage(() => import('./pages/dashboard/icp/IcpPage').then((m) => m.IcpPage)),
      },
      {
        path: SITE_ROUTES.dashboardTasks,
        handle: { title: 'Tasks' },
        element: lazyPage(() =>
          import('./pages/dashboard/tasks/TasksPage').then((m) => m.TasksPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardLeads,
        handle: { title: 'Leads' },
        element: lazyPage(() =>
          import('./pages/dashboard/leads/LeadsPage').then((m) => m.LeadsPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardLead,
        handle: { title: 'Lead' },
        element: lazyPage(() =>
          import('./pages/dashboard/leads/lead/LeadPage').then((m) => m.LeadPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardImports,
        handle: { title: 'Imports' },
        element: lazyPage(() =>
          import('./pages/dashboard/leads/imports/ImportsPage').then((m) => m.ImportsPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardComments,
        handle: { title: 'Comments' },
        element: lazyPage(() =>
          import('./pages/dashboard/comments/CommentsPage').then((m) => m.CommentsPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardAnalytics,
        handle: { title: 'Analytics' },
        // The charts library loads with this page only.
        element: lazyPage(() =>
          import('./pages/dashboard/analytics/AnalyticsPage').then((m) => m.AnalyticsPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardAutomation,
        handle: { title: 'Automation' },
        element: lazyPage(() =>
          import('./pages/dashboard/automation/AutomationPage').then((m) => m.AutomationPage),
        ),
      },
      {
        path: SITE_ROUTES.dashboardContent,
        handle: { title: 'Content' },
        element: lazyPage(() => import('./pages/dashboard/ContentPage').then((m) => m.ContentPage)),
      },
      {
        path: SITE_ROUTES.dashboardSettings,
        handle: { title: 'Settings' },
        element: lazyPage(() =>
          import('./pages/dashboard/SettingsPage').then((m) => m.SettingsPage),
        ),
      },
    ],
  },
  { path: '*', element: <NotFoundPage />, handle: { title: 'Page not found' } },
];
