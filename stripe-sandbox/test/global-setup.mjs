// The Stripe schemas the sandbox's answers are checked against, generated before any test needs
// them (about 15 s, once per version of the `stripe` package).
import { recordTrafficOfTheRun } from '../dist/fidelity.js';
import { buildParamSchemas } from '../scripts/stripe-param-schemas.mjs';
import { stripeSchemasFolder } from '../scripts/stripe-schemas.mjs';

export default async function globalSetup() {
  await stripeSchemasFolder();
  // The schemas of request parameters, which `npm run build` makes (the sandbox refuses to start
  // without them).
  await buildParamSchemas();
  // Every suite's traffic, left here and checked once when the run ends (global-teardown.mjs).
  recordTrafficOfTheRun();
}
