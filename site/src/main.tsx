import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { CacheProvider } from '@emotion/react';
import { App } from './App';
import { hydrateLandingSections } from './pages/landing/sections';
import { createStyleCache } from './theme/style-cache';

const container = document.getElementById('root')!;
const landing = window.location.pathname === '/';
const app = (
  <CacheProvider value={createStyleCache()}>
    <StrictMode>
      <App landing={landing} />
    </StrictMode>
  </CacheProvider>
);
// The build renders the landing page's HTML into index.html: the app takes that over.
if (landing && container.hasChildNodes()) {
  hydrateLandingSections(container);
  hydrateRoot(container, app);
} else createRoot(container).render(app);
