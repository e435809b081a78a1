// `npm start`: builds what is stale, then runs the server in this same process (so signals and
// the data folder's lock belong to one pid).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildStale, root } from './build-stale.mjs';

buildStale();
await import(pathToFileURL(join(root, 'backend/dist/bundle/main.js')).href);
