/** A figure's target: the figure compared with a value. */
export interface Target {
  op: '>=' | '<=' | '<';
  value: number;
}

/** Whether `value` meets `target`. */
export function meets(value: number, target: Target): boolean {
  return target.op === '>='
    ? value >= target.value
    : target.op === '<='
      ? value <= target.value
      : value < target.value;
}

/** One row of the speed targets' table: the figures (scenario id and figure name) it reads. */
export interface TargetRow {
  figure: string;
  /** The scenario that measures it, for `--only`. */
  scenario: string;
  figures: { name: string; unit: string; target: Target }[];
}

/** The speed targets, each row as the issue on speed states it. */
export const TARGET_ROWS: TargetRow[] = [
  {
    figure: 'health probe / bare Fastify (same ping, same logging)',
    scenario: 'health',
    figures: [{ name: 'product / bare', unit: 'ratio', target: { op: '>=', value: 0.85 } }],
  },
  {
    figure: '`/api/me` / bare Fastify (same JWT check and read); p99 at 50 connections',
    scenario: 'me',
    figures: [
      { name: 'product / bare', unit: 'ratio', target: { op: '>=', value: 0.6 } },
      { name: 'product p99', unit: 'ms', target: { op: '<', value: 30 } },
    ],
  },
  {
    figure: 'admin user search, varied names: selective / broad p95',
    scenario: 'search',
    figures: [
      { name: 'selective p95', unit: 'ms', target: { op: '<', value: 30 } },
      { name: 'broad p95', unit: 'ms', target: { op: '<', value: 100 } },
    ],
  },
  {
    figure: 'webhook ingest, 20 connections: events / ack p99',
    scenario: 'webhooks',
    figures: [
      { name: 'events', unit: '/s', target: { op: '>=', value: 800 } },
      { name: 'ack p99', unit: 'ms', target: { op: '<', value: 40 } },
    ],
  },
  {
    figure: 'sign-in, 2 connections: p95',
    scenario: 'login',
    figures: [{ name: 'p95 at 2 connections', unit: 'ms', target: { op: '<', value: 80 } }],
  },
  {
    figure: 'landing JavaScript as a browser receives it (compressed, headers included)',
    scenario: 'bundles',
    figures: [{ name: 'landing JS transferred', unit: 'KB', target: { op: '<=', value: 130 } }],
  },
  {
    figure: 'Lighthouse mobile performance (simulated slow 4G, 4× CPU)',
    scenario: 'vitals',
    figures: [{ name: 'Lighthouse mobile performance', unit: '', target: { op: '>=', value: 90 } }],
  },
  {
    figure: 'landing LCP / TBT, median of 5 cold loads',
    scenario: 'vitals',
    figures: [
      { name: 'LCP', unit: 's', target: { op: '<', value: 0.8 } },
      { name: 'TBT', unit: 'ms', target: { op: '<', value: 100 } },
    ],
  },
  {
    figure: 'landing LCP with 4× CPU throttling',
    scenario: 'vitals',
    figures: [{ name: 'LCP, 4× CPU throttling', unit: 's', target: { op: '<', value: 2.5 } }],
  },
  {
    figure: 'admin JavaScript as a browser receives it (sign-in page)',
    scenario: 'bundles',
    figures: [{ name: 'admin JS transferred', unit: 'KB', target: { op: '<=', value: 300 } }],
  },
  {
    figure:
      'lead import of an export of 30,000 connections, 20,000 messages, 2,000 invitations: upload to 202 / import to done / resident memory growth',
    scenario: 'leads-import',
    figures: [
      { name: 'upload to 202', unit: 'ms', target: { op: '<', value: 1000 } },
      { name: 'import to done', unit: 's', target: { op: '<', value: 30 } },
      { name: 'resident memory growth', unit: 'MB', target: { op: '<', value: 250 } },
    ],
  },
  {
    figure:
      '100,000 leads in one workspace: search by name / by company p95; list by last signal, page 200, p95',
    scenario: 'leads-import',
    figures: [
      { name: 'search by name p95', unit: 'ms', target: { op: '<', value: 50 } },
      { name: 'search by company p95', unit: 'ms', target: { op: '<', value: 50 } },
      { name: 'list by last signal, page 200 p95', unit: 'ms', target: { op: '<', value: 50 } },
    ],
  },
  {
    figure: '`npm start` to healthy, embedded database, later starts (median of 3)',
    scenario: 'startup',
    figures: [{ name: 'median of 3 starts', unit: 's', target: { op: '<', value: 2 } }],
  },
  {
    figure: 'first `npm start` of a fresh clone (builds included)',
    scenario: 'first-start',
    figures: [{ name: 'first start', unit: 's', target: { op: '<', value: 20 } }],
  },
  {
    figure: '100,000 leads: rescoring after an ICP change; Today p95; score sort, any page, p95',
    scenario: 'leads-scoring',
    figures: [
      { name: 'rescoring 100,000 leads', unit: 's', target: { op: '<', value: 15 } },
      { name: 'Today p95', unit: 'ms', target: { op: '<', value: 30 } },
      { name: 'score sort, any page, p95', unit: 'ms', target: { op: '<', value: 50 } },
    ],
  },
];

/** The table's target of a figure, if the table has one. */
export function findTarget(scenario: string | undefined, name: string): Target | undefined {
  for (const row of TARGET_ROWS)
    for (const figure of row.figures)
      if (row.scenario === scenario && figure.name === name) return figure.target;
  return undefined;
}

/** The target of a figure of the table, for the scenario that measures it. */
export function targetOf(scenario: string, name: string): Target {
  const target = findTarget(scenario, name);
  if (!target) throw new Error(`No target for ${scenario} / ${name}`);
  return target;
}
