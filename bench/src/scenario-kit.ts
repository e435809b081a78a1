// What every bench scenario shares: its result and context types, and the figures of a load.
import type { LoadResult, LogFile, Server } from './support.js';
import type { Target } from './targets.js';

export interface Figure {
  name: string;
  value: number;
  unit: string;
  /** The target, as the issue on speed states it (targets.ts). */
  target?: Target;
  /** The same figure over the run's baseline, where it depends on the machine's speed. */
  ratio?: { value: number; baseline: string };
}

/** One load of a scenario, with what the load generator and the server spent on it. */
export interface LoadSummary {
  load: string;
  connections: number;
  seconds: number;
  requests_per_second: number;
  p50_ms: number;
  p95_ms: number;
  p99_ms: number;
  failures: number;
  /** The load generator's CPU use (the bench's own process), in cores. */
  generator_cpu: number;
  /** The server process's CPU use, in cores. */
  server_cpu?: number;
  /** CPU the machine's host took away during the load ("steal"), in cores. */
  stolen_cpu?: number;
  /** Lines the server logged per request, and the share of lines naming `reqId` twice. */
  log_lines_per_request?: number;
  duplicate_req_id_share?: number;
}

export interface ScenarioResult {
  /** The scenario's id for `--only` (health, me, login, webhooks, search, payment-sync, …). */
  id?: string;
  scenario: string;
  figures: Figure[];
  notes: string[];
  loads?: LoadSummary[];
}

export interface BenchContext {
  databaseUrl: string;
  /** Seconds each load runs. */
  seconds: number;
  /** Alternations of the product and its bare baseline in a comparison. */
  rounds: number;
  product: Server;
  /** The product's standard output: its JSON log lines. */
  productLog: LogFile;
  /** Where the baselines' logs go. */
  logDir: string;
  admin: { email: string; password: string; token: string };
  /** Req/s of the bare Fastify health baseline: the machine's yardstick for the run. */
  baselineRps?: number;
  webhookSecret: string;
  metricsToken: string;
}

export const ratio = (value: number, context: BenchContext) =>
  context.baselineRps
    ? {
        value: Number((value / context.baselineRps).toFixed(3)),
        baseline: 'bare Fastify health probe req/s',
      }
    : undefined;

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
export const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export function summary(
  label: string,
  options: { connections: number; duration: number },
  result: LoadResult,
  logged?: { lines: number; duplicateReqId: number },
): LoadSummary {
  return {
    load: label,
    connections: options.connections,
    seconds: options.duration,
    requests_per_second: result.requestsPerSecond,
    p50_ms: result.p50Ms,
    p95_ms: result.p95Ms,
    p99_ms: result.p99Ms,
    failures: result.failures,
    generator_cpu: result.generatorCpu,
    ...(result.serverCpu !== undefined ? { server_cpu: result.serverCpu } : {}),
    ...(result.stolenCpu !== undefined ? { stolen_cpu: result.stolenCpu } : {}),
    ...(logged && result.requests > 0
      ? {
          log_lines_per_request: round(logged.lines / result.requests, 3),
          duplicate_req_id_share: logged.lines ? round(logged.duplicateReqId / logged.lines, 3) : 0,
        }
      : {}),
  };
}
