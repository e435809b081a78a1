/**
 * Checks what the Stripe sandbox answers and sends against Stripe itself: every JSON answer and
 * every event must validate against a JSON Schema generated from the installed `stripe`
 * package's type declarations (a missing required field, a wrong type or an unknown field
 * fails), be a test-mode object, and carry none of the sample values of Stripe's examples.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { SandboxTraffic } from './stripe-sandbox.js';
import { STRIPE_FIXTURES } from './stripe-fixtures.js';

interface Validator {
  (value: unknown): boolean;
  errors?: { instancePath: string; message?: string; params?: unknown }[] | null;
}

const GENERATOR = fileURLToPath(new URL('../scripts/stripe-schemas.mjs', import.meta.url));

let validators: Promise<Record<string, Validator>> | undefined;

/** The validators of the installed `stripe`'s types (generated once, then read from the cache). */
function loadValidators(): Promise<Record<string, Validator>> {
  validators ??= (async () => {
    const folder = execFileSync(process.execPath, [GENERATOR], { encoding: 'utf8' }).trim();
    return (await import(pathToFileURL(join(folder, 'validators.mjs')).href)) as Record<
      string,
      Validator
    >;
  })();
  return validators;
}

const validatorName = (kind: string) => kind.replace(/[^A-Za-z0-9]/g, '_');

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** An id (`cus_QXg1o8vcGmoR32`, `obj_123`), a link or an address, as Stripe's examples hold. */
const EXAMPLE_ID_OR_LINK = /^[a-z]+(?:_[a-z]+)*_(?=[A-Za-z0-9]*[A-Z0-9])[A-Za-z0-9]{3,}$|:\/\/|@/;

/** Every value in Stripe's examples that no object of ours can hold: their ids, links and stamps. */
const EXAMPLE_VALUES: Set<unknown> = (() => {
  const values = new Set<unknown>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (isObject(value)) Object.values(value).forEach(walk);
    else if (typeof value === 'string' && EXAMPLE_ID_OR_LINK.test(value)) values.add(value);
    else if (typeof value === 'number' && value >= 1_000_000) values.add(value);
  };
  walk(STRIPE_FIXTURES);
  return values;
})();

/** Sample values, live-mode flags and the examples' placeholders (a field holding its own name). */
function leaks(value: unknown, path: string, found: string[]): void {
  if (Array.isArray(value)) value.forEach((item, index) => leaks(item, `${path}[${index}]`, found));
  if (!isObject(value)) return;
  for (const [key, field] of Object.entries(value)) {
    const at = `${path}.${key}`;
    if (key === 'metadata') continue;
    if (key === 'livemode' && field !== false) found.push(`${at} is ${String(field)}`);
    else if (field === key) found.push(`${at} holds the placeholder "${key}"`);
    else if (EXAMPLE_VALUES.has(field)) found.push(`${at} holds Stripe's example ${String(field)}`);
    else leaks(field, at, found);
  }
}

/** The schema an object is checked against: its `object`, or its event type. */
function kindOf(value: Record<string, unknown>): string {
  if (value.object === 'event') return `event:${String(value.type)}`;
  if (value.deleted === true) return `deleted:${String(value.object)}`;
  return String(value.object);
}

function validate(
  all: Record<string, Validator>,
  value: unknown,
  where: string,
  problems: string[],
): void {
  if (!isObject(value)) return void problems.push(`${where}: not an object`);
  const kind = kindOf(value);
  const check = all[validatorName(kind)];
  if (!check)
    return void problems.push(`${where}: no schema for ${kind} (add it to stripe-schemas.mjs)`);
  if (!check(value))
    for (const error of check.errors ?? [])
      problems.push(
        `${where} (${kind})${error.instancePath} ${error.message ?? ''} ${JSON.stringify(error.params)}`,
      );
  if (kind === 'list')
    (value.data as unknown[]).forEach((item, index) =>
      validate(all, item, `${where}.data[${index}]`, problems),
    );
}

/**
 * An event's `previous_attributes` as whole values to check: Stripe sends only the changed keys of
 * a nested object (which Stripe's types, a shallow Partial, do not describe), so each nested
 * change is laid over the object's current value before the check.
 */
function completedPrevious(previous: Record<string, unknown>, current: unknown) {
  const now = isObject(current) ? current : {};
  const whole: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(previous)) {
    if (!isObject(value) || !isObject(now[key])) {
      whole[key] = value;
      continue;
    }
    whole[key] = { ...now[key], ...completedPrevious(value, now[key]) };
    // A metadata key the update added was absent before: Stripe sends it as null.
    if (key === 'metadata')
      for (const [name, before] of Object.entries(value))
        if (before === null) delete (whole[key] as Record<string, unknown>)[name];
  }
  return whole;
}

/** The event with its `previous_attributes` completed (see completedPrevious), to validate. */
function checkable(body: unknown): unknown {
  if (!isObject(body) || body.object !== 'event') return body;
  const data = body.data;
  if (!isObject(data) || !isObject(data.previous_attributes)) return body;
  const previous = completedPrevious(data.previous_attributes, data.object);
  return { ...body, data: { ...data, previous_attributes: previous } };
}

/**
 * A folder where a test run has each recorder leave its traffic, to check it all once when the run
 * ends (`expectRecordedTrafficFaithful`): the validators are some 13 MB of code, which every test file
 * would otherwise load again, since each has a module registry of its own.
 */
export const TRAFFIC_FOLDER_VARIABLE = 'STRIPE_SANDBOX_TRAFFIC_DIR';

interface RecordedTraffic {
  label: string;
  traffic: SandboxTraffic[];
}

/** Records a sandbox's traffic (pass `record` as its `onTraffic`) and checks it all. */
export class SandboxRecorder {
  readonly traffic: SandboxTraffic[] = [];

  /** `traffic`, as a recorder that was given it would hold it. */
  static of(traffic: SandboxTraffic[]): SandboxRecorder {
    const recorder = new SandboxRecorder();
    recorder.traffic.push(...traffic);
    return recorder;
  }

  readonly record = (traffic: SandboxTraffic): void => {
    this.traffic.push(traffic);
  };

  /** The events sent, in order. */
  get events(): Record<string, unknown>[] {
    return this.traffic.filter((entry) => entry.kind === 'event').map((entry) => entry.body);
  }

  /** What does not match Stripe: one line per problem (empty when everything does). */
  async problems(): Promise<string[]> {
    if (this.traffic.length === 0) return [];
    const all = await loadValidators();
    const problems: string[] = [];
    for (const entry of this.traffic) {
      if (entry.kind === 'response' && entry.status >= 400) continue;
      const where =
        entry.kind === 'event'
          ? `event ${String(entry.body.type)} ${entry.body.id}`
          : `${entry.method} ${entry.url}`;
      validate(all, checkable(entry.body), where, problems);
      const found: string[] = [];
      leaks(entry.body, '', found);
      problems.push(...found.map((leak) => `${where}: ${leak}`));
    }
    return [...new Set(problems)];
  }

  /**
   * Fails with the first problems, if any. In a run that checks its traffic when it ends (the
   * folder of TRAFFIC_FOLDER_VARIABLE), leaves the traffic there instead, under `label` (the
   * test file), which the run's problems then name.
   */
  async expectFaithful(label = 'the sandbox'): Promise<void> {
    const folder = process.env[TRAFFIC_FOLDER_VARIABLE];
    if (folder) {
      const recorded: RecordedTraffic = { label, traffic: this.traffic };
      if (this.traffic.length > 0)
        writeFileSync(join(folder, `${randomUUID()}.json`), JSON.stringify(recorded));
      return;
    }
    failOn(await this.problems());
  }
}

function failOn(problems: string[]): void {
  if (problems.length > 0)
    throw new Error(
      `The Stripe sandbox differs from Stripe (${problems.length} problems):\n${problems.slice(0, 40).join('\n')}`,
    );
}

/**
 * Checks the traffic every recorder of a run left in `folder` (see TRAFFIC_FOLDER_VARIABLE):
 * fails with the first problems, each under the label its recorder was given.
 */
export async function expectRecordedTrafficFaithful(folder: string): Promise<void> {
  const problems: string[] = [];
  for (const file of readdirSync(folder)
    .filter((name) => name.endsWith('.json'))
    .sort()) {
    const { label, traffic } = JSON.parse(
      readFileSync(join(folder, file), 'utf8'),
    ) as RecordedTraffic;
    const found = await SandboxRecorder.of(traffic).problems();
    problems.push(...found.map((problem) => `${label}: ${problem}`));
  }
  failOn(problems);
}

/** For a test run's global setup: a folder of the run where every recorder leaves its traffic. */
export function recordTrafficOfTheRun(): void {
  process.env[TRAFFIC_FOLDER_VARIABLE] = mkdtempSync(join(tmpdir(), 'stripe-sandbox-traffic-'));
}

/**
 * For its global teardown: checks the traffic the run's recorders left (see
 * expectRecordedTrafficFaithful), then removes the folder.
 */
export async function checkTrafficOfTheRun(): Promise<void> {
  const folder = process.env[TRAFFIC_FOLDER_VARIABLE];
  if (!folder) return;
  try {
    await expectRecordedTrafficFaithful(folder);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
