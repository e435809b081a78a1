// What every suite's sandbox answered and sent, checked against Stripe's types once: a difference
// fails the run, naming the test file.
export { checkTrafficOfTheRun as default } from '../dist/fidelity.js';
