import { Counter, Histogram, Registry } from 'prom-client';
import { RequestMetrics } from './request-metrics.js';

/** The counter and histogram as prom-client's own classes record them, for comparison. */
function reference() {
  const registry = new Registry();
  const labelNames = ['method', 'route', 'status'];
  const requests = new Counter({
    name: 'leadpulse_http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames,
    registers: [registry],
  });
  const durations = new Histogram({
    name: 'leadpulse_http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by method, route and status',
    labelNames,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });
  return {
    registry,
    observe(method: string, route: string, status: number, seconds: number) {
      const labels = { method, route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
  };
}

const REQUESTS: [string, string, number, number][] = [
  ['GET', '/api/health/database', 200, 0.0012],
  ['GET', '/api/me', 401, 0.005],
  ['GET', '/api/health/database', 200, 0.0049],
  ['POST', '/api/auth/login', 200, 0.25],
  ['GET', '/api/me', 200, 0.03],
  ['GET', '/api/health/database', 503, 2.0001],
  ['PATCH', '/api/admin/users/:id', 500, 7.5],
  ['GET', '/api/me', 401, 0.011],
  ['GET', '/api/labels/"quoted"\\path', 200, 5],
];

describe('request metrics', () => {
  it('expose the same series as prom-client recording each request', async () => {
    const ours = new Registry();
    const metrics = new RequestMetrics(ours);
    const theirs = reference();
    for (const request of REQUESTS) {
      metrics.observe(...request);
      theirs.observe(...request);
    }
    expect(await ours.metrics()).toBe(await theirs.registry.metrics());
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.registry.getMetricsAsJSON());
    // Scraped again, they still agree (the counter is read anew, not added to).
    metrics.observe('GET', '/api/me', 200, 0.02);
    theirs.observe('GET', '/api/me', 200, 0.02);
    expect(await ours.metrics()).toBe(await theirs.registry.metrics());
  });

  it('expose the metrics, empty, before any request', async () => {
    const ours = new Registry();
    new RequestMetrics(ours);
    expect(await ours.metrics()).toBe(await reference().registry.metrics());
  });

  it('start again from nothing when the registry is reset', async () => {
    const ours = new Registry();
    const metrics = new RequestMetrics(ours);
    metrics.observe('GET', '/api/me', 200, 0.02);
    ours.resetMetrics();
    expect(await ours.metrics()).toBe(await reference().registry.metrics());
  });
});
