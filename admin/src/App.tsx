import { lazy, useEffect } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { LoginPage } from './auth/LoginPage';
import { AppLayout } from './layout/AppLayout';
import { authProvider } from './providers/authProvider';
import { dataProvider } from './providers/dataProvider';
import { sessionClient } from './providers/session';

// Screens load on demand so the first paint ships only the shell.
const Dashboard = lazy(() =>
  import('./dashboard/Dashboard').then((module) => ({ default: module.Dashboard })),
);
const HealthPage = lazy(() =>
  import('./health/HealthPage').then((module) => ({ default: module.HealthPage })),
);

export function App() {
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
        loginPage={LoginPage}
        dashboard={Dashboard}
        layout={AppLayout}
        title="Admin"
        requireAuth
        disableTelemetry
      >
        <CustomRoutes>
          <Route path="/health" element={<HealthPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
