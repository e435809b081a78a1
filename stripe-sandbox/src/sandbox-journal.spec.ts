import {
  appendFileSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StripeObject } from './sandbox-common.js';
import { readState, SandboxJournal, type State } from './sandbox-journal.js';

/** A live state and its journal, as the store keeps them. */
function open(dataFile: string, compactMinBytes?: number) {
  const holder: { state?: State } = {};
  const journal = new SandboxJournal(dataFile, () => holder.state!, compactMinBytes);
  holder.state = journal.load();
  const state = holder.state;
  const save = (object: StripeObject) => {
    state.objects[object.id] = object;
    journal.changed(`o${object.id}`);
  };
  return { journal, state, save };
}

const customer = (id: string, extra: Record<string, unknown> = {}): StripeObject => ({
  id,
  object: 'customer',
  created: 1_700_000_000,
  metadata: {},
  ...extra,
});

describe('the sandbox journal', () => {
  let folder: string;
  let dataFile: string;
  beforeEach(() => {
    folder = mkdtempSync(join(tmpdir(), 'sandbox-journal-'));
    dataFile = join(folder, 'data', 'stripe-sandbox.json');
  });
  afterEach(() => rmSync(folder, { recursive: true, force: true }));

  it('appends one line per changed object, batched off the caller, and reloads them', async () => {
    const { journal, state, save } = open(dataFile);
    save(customer('cus_a'));
    save(customer('cus_b'));
    save(customer('cus_a', { email: 'a@example.com' }));
    // Nothing is written while the caller runs: the batch goes out afterwards.
    expect(readFileSync(journal.journalFile, 'utf8')).toBe('');
    state.clockOffset = 3600;
    journal.changed('c');
    await journal.flush();

    const lines = readFileSync(journal.journalFile, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(readState(dataFile)).toEqual({
      objects: { cus_a: customer('cus_a', { email: 'a@example.com' }), cus_b: customer('cus_b') },
      idempotency: {},
      clockOffset: 3600,
    });
  });

  it('skips a last line cut short by a crash, and starts from a clean journal', async () => {
    const first = open(dataFile);
    first.save(customer('cus_kept'));
    await first.journal.flush();
    appendFileSync(first.journal.journalFile, '{"s":99,"o":{"id":"cus_torn","object":"cus');

    const second = open(dataFile);
    expect(Object.keys(second.state.objects)).toEqual(['cus_kept']);
    expect(readFileSync(second.journal.journalFile, 'utf8')).toBe('');
    second.save(customer('cus_after'));
    await second.journal.flush();
    expect(Object.keys(readState(dataFile).objects)).toEqual(['cus_kept', 'cus_after']);
  });

  it('appends no change after a cut line: a journal holding only one is emptied at start', async () => {
    open(dataFile);
    appendFileSync(`${dataFile.replace(/\.json$/, '')}.journal`, '{"s":1,"o":{"id":"cus_cut"');
    const { journal, save } = open(dataFile);
    save(customer('cus_next'));
    await journal.flush();
    expect(Object.keys(readState(dataFile).objects)).toEqual(['cus_next']);
  });

  it('folds a journal grown past the snapshot into a new snapshot, losing no change', async () => {
    const { journal, state, save } = open(dataFile, 1);
    // Changes go on while snapshots are written: those land in the journal after them.
    for (let round = 0; round < 100; round += 1) {
      for (let index = 0; index < 10; index += 1) save(customer(`cus_${round}_${index}`));
      save(customer('cus_0_0', { metadata: { round: String(round) } }));
      await new Promise((resolve) => setImmediate(resolve));
    }
    await journal.flush();

    expect(readFileSync(dataFile, 'utf8')).toContain('"cus_20_0"');
    expect(statSync(journal.journalFile).size).toBeLessThan(4 * statSync(dataFile).size);
    expect(readState(dataFile)).toEqual({ objects: state.objects, idempotency: {} });
    expect(readState(dataFile).objects.cus_0_0.metadata).toEqual({ round: '99' });
  });

  it('ignores journal lines the snapshot already holds (a crash before the journal was emptied)', async () => {
    const { journal, save } = open(dataFile);
    save(customer('cus_x', { email: 'old@example.com' }));
    await journal.flush();
    const stale = readFileSync(journal.journalFile, 'utf8');
    save(customer('cus_x', { email: 'new@example.com' }));
    await journal.flush();
    open(dataFile); // folds both lines into the snapshot
    writeFileSync(journal.journalFile, stale);

    expect(readState(dataFile).objects.cus_x.email).toBe('new@example.com');
  });

  it('loads the single-file state of earlier versions and rewrites it as a snapshot', () => {
    const legacy = {
      objects: { cus_old: customer('cus_old') },
      idempotency: { 'key-1': { status: 200, body: { id: 'cus_old' } } },
      clockOffset: 86_400,
    };
    writeFileSync(join(folder, 'old.json'), JSON.stringify(legacy));

    const { state } = open(join(folder, 'old.json'));
    expect(state.objects).toEqual(legacy.objects);
    expect(state.clockOffset).toBe(86_400);
    expect(state.idempotency['key-1']).toMatchObject({ status: 200, body: { id: 'cus_old' } });
    expect(JSON.parse(readFileSync(join(folder, 'old.json'), 'utf8').split('\n')[0])).toEqual({
      stripeSandbox: 2,
      s: 0,
      c: 86_400,
    });
    expect(readState(join(folder, 'old.json')).objects).toEqual(legacy.objects);
  });
});
