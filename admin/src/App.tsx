import { lazy } from 'react';
import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { AppLayout } from './layout/AppLayout';
import { dataProvider } from './providers/dataProvider';

// Screens load on demand so the first paint ships only the shell.
const Dashboard = lazy(() =>
  import('./dashboard/Dashboard').then((module) => ({ default: module.Dashboard })),
);
const HealthPage = lazy(() =>
  import('./health/HealthPage').then((module) => ({ default: module.HealthPage })),
);

export function App() {
  return (
    <BrowserRouter basename="/admin">
      <Admin
        dataProvider={dataProvider}
        dashboard={Dashboard}
        layout={AppLayout}
        title="Admin"
        disableTelemetry
      >
        <CustomRoutes>
          <Route path="/health" element={<HealthPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
