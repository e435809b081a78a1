// Builds, for production, each workspace whose sources changed since its last build (as `npm start`
// does first), and nothing else, so that the test stages run on the one build `npm test` makes.
//   node scripts/build-if-stale.mjs [workspace…]   only the workspaces named (common, backend…)
import { buildWorkspaces } from './build-stale.mjs';

const only = process.argv.slice(2);
buildWorkspaces({ only: only.length > 0 ? only : undefined });
