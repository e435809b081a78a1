// `npm run build`: every workspace for production, stamped so that `npm start` builds nothing more.
import { buildWorkspaces } from './build-stale.mjs';

buildWorkspaces({ all: true, output: true });
