import type { RouteObject } from 'react-router-dom';
import { LandingPage } from './pages/landing/LandingPage';
import { NotFoundPage } from './pages/not-found/NotFoundPage';

export const routes: RouteObject[] = [
  { path: '/', element: <LandingPage /> },
  { path: '*', element: <NotFoundPage /> },
];
