// The bench's API scenarios in one place: the shared types and figures, then each scenario.
export {
  summary,
  type BenchContext,
  type Figure,
  type LoadSummary,
  type ScenarioResult,
} from './scenario-kit.js';
export { healthVersusBaseline, me } from './baseline-comparisons.js';
export { adminSearch, login, paymentSync, webhookIngest } from './product-scenarios.js';
