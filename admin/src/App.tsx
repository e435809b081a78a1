import { lazy, useEffect, useState } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { AppLayout } from './layout/AppLayout';
import { adminTheme } from './layout/theme';
import { NotFound } from './layout/NotFound';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { createQueryClient } from './providers/queryClient';
import { sessionClient } from './providers/session';

// Screens load on demand so the first paint ships only the shell.
const Dashboard = lazy(() =>
  import('./dashboard/Dashboard').then((module) => ({ default: module.Dashboard })),
);
const HealthPage = lazy(() =>
  import('./health/HealthPage').then((module) => ({ default: module.HealthPage })),
);
const UserList = lazy(() =>
  import('./users/UserList').then((module) => ({ default: module.UserList })),
);
const UserProfile = lazy(() =>
  import('./users/UserProfile').then((module) => ({ default: module.UserProfile })),
);
const RoleList = lazy(() =>
  import('./roles/RoleList').then((module) => ({ default: module.RoleList })),
);
const EmailList = lazy(() =>
  import('./emails/EmailList').then((module) => ({ default: module.EmailList })),
);
const EmailShow = lazy(() =>
  import('./emails/EmailList').then((module) => ({ default: module.EmailShow })),
);
const SubscriptionList = lazy(() =>
  import('./subscriptions/SubscriptionList').then((module) => ({
    default: module.SubscriptionList,
  })),
);
const NewsletterList = lazy(() =>
  import('./newsletter/NewsletterList').then((module) => ({ default: module.NewsletterList })),
);
const PromotionList = lazy(() =>
  import('./promotions/PromotionList').then((module) => ({ default: module.PromotionList })),
);
const StripeEventList = lazy(() =>
  import('./stripe-events/StripeEventList').then((module) => ({ default: module.StripeEventList })),
);
const ErrorReportList = lazy(() =>
  import('./health/ErrorReportList').then((module) => ({ default: module.ErrorReportList })),
);
const AuditLog = lazy(() =>
  import('./audit/AuditLog').then((module) => ({ default: module.AuditLog })),
);

export function App() {
  const [queryClient] = useState(createQueryClient);
  // Keeps the shared session fresh while the back office is open.
  useEffect(() => {
    sessionClient.start();
    return () => sessionClient.stop();
  }, []);

  return (
    <BrowserRouter basename="/admin">
      <Admin
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        loginPage={LoginPage}
        dashboard={Dashboard}
        layout={AppLayout}
        theme={adminTheme}
        catchAll={NotFound}
        title="Admin"
        requireAuth
        disableTelemetry
      >
        <Resource name="users" list={UserList} show={UserProfile} recordRepresentation="email" />
        <Resource name="roles" list={RoleList} />
        <Resource name="emails" list={EmailList} show={EmailShow} />
        <Resource name="subscriptions" list={SubscriptionList} />
        <Resource name="newsletter" list={NewsletterList} />
        <Resource name="promotions" list={PromotionList} />
        <Resource name="stripe-events" list={StripeEventList} />
        <Resource name="admin-actions" list={AuditLog} options={{ label: 'Audit Log' }} />
        <Resource
          name="error-reports"
          list={ErrorReportList}
          options={{ label: 'Error Reports' }}
        />
        <CustomRoutes>
          <Route path="/health" element={<HealthPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
