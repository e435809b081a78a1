/**
 * The sandbox's state on disk: a snapshot (the `dataFile`) and an append-only journal beside it,
 * one JSON line per change. A change costs the size of the object that changed, written off the
 * request path (batched, in order); the journal is folded into a new snapshot at start and when
 * it has grown past a few times the snapshot. Both files hold numbered lines, so a snapshot
 * written while changes go on only needs the journal lines numbered after it.
 */
import { appendFile, open, rename, writeFile } from 'node:fs/promises';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { dirname } from 'node:path';
import { realNow, type StripeObject } from './sandbox-common.js';

/** Stripe keeps an idempotency key's answer for 24 hours (real time, not the test clock). */
export const IDEMPOTENCY_LIFETIME_SECONDS = 24 * 3600;

/** The answer to a request made with an Idempotency-Key, replayed for the same key. */
export interface IdempotentAnswer {
  status: number;
  body: unknown;
  /** A digest of the first request's method, path and parameters. */
  fingerprint?: string;
  /** The first request's Request-Id (Stripe's Original-Request header on replays). */
  requestId?: string;
  /** When it was answered, in real Unix seconds. */
  created: number;
}

export interface State {
  objects: Record<string, StripeObject>;
  idempotency: Record<string, IdempotentAnswer>;
  /** Seconds the test clock runs ahead of real time. */
  clockOffset?: number;
}

/** One line of either file: a header, an object, an idempotent answer, or the clock. */
interface Line {
  /** The snapshot's header: its format. */
  stripeSandbox?: number;
  /** The line's number (in a header: the last journal line the snapshot includes). */
  s?: number;
  o?: StripeObject;
  i?: string;
  e?: IdempotentAnswer;
  c?: number;
}

const FORMAT = 2;
/** The journal is folded into the snapshot when it is this many times the snapshot's size. */
const COMPACT_FACTOR = 4;
/** ...and at least this big, so a small state is not rewritten on every few changes. */
const COMPACT_MIN_BYTES = 4 * 1024 * 1024;
/** Writes are cut into pieces of about this size, so no one string holds the whole state. */
const CHUNK_BYTES = 1024 * 1024;

/** A key of the pending set: an object (`o` + id), an answer (`i` + key) or the clock (`c`). */
type Change = string;

export const isExpired = (answer: IdempotentAnswer, now = realNow()) =>
  answer.created + IDEMPOTENCY_LIFETIME_SECONDS <= now;

/** The state kept in `dataFile` and its journal, as a restart would load it. */
export function readState(dataFile: string): State {
  return new SandboxJournal(dataFile, () => ({ objects: {}, idempotency: {} })).read().state;
}

export class SandboxJournal {
  readonly journalFile: string;
  private seq = 0;
  private pending = new Set<Change>();
  private writing: Promise<void> = Promise.resolve();
  private scheduled = false;
  private failure: unknown;
  private journalBytes = 0;
  private snapshotBytes = 0;

  /**
   * `state`: the live state, read when changes are written. `compactMinBytes`: the journal's size
   * under which it is never folded into the snapshot.
   */
  constructor(
    readonly dataFile: string,
    private readonly state: () => State,
    private readonly compactMinBytes = COMPACT_MIN_BYTES,
  ) {
    this.journalFile = dataFile.replace(/(\.json)?$/, '.journal');
  }

  /**
   * The state from the snapshot and the journal (an unreadable line, such as a last one cut short
   * by a crash, is skipped), folded into a new snapshot. A single-file state of an earlier version
   * (`{ objects, idempotency, clockOffset }`) loads as a snapshot and is rewritten in this format.
   */
  load(): State {
    // With a PostgreSQL server (no embedded database), nothing else may have created the folder.
    mkdirSync(dirname(this.dataFile), { recursive: true });
    const { state, current, journaled } = this.read();
    // Rewritten also when the journal holds only a cut line, so no append lands after it.
    if (!current || journaled) this.compactNow(state);
    return state;
  }

  /**
   * The state on disk, without writing anything; `current`: the snapshot is in this format,
   * `journaled`: the journal is not empty.
   */
  read(): { state: State; current: boolean; journaled: boolean } {
    const state: State = { objects: {}, idempotency: {} };
    const current = this.readSnapshot(state);
    const journaled = this.replayJournal(state);
    for (const [key, answer] of Object.entries(state.idempotency))
      if (isExpired(answer)) delete state.idempotency[key];
    return { state, current, journaled };
  }

  /** Notes a change, written with the next batch. */
  changed(change: Change): void {
    this.pending.add(change);
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.writing = this.writing.then(() => this.writePending());
    });
  }

  /** Resolves once every change noted so far is on disk. */
  async flush(): Promise<void> {
    for (;;) {
      this.writing = this.writing.then(() => this.writePending());
      await this.writing;
      const failure = this.failure;
      this.failure = undefined;
      if (failure) throw failure;
      if (this.pending.size === 0) return;
    }
  }

  /** Reads the snapshot into `state`; false when there is none in this format. */
  private readSnapshot(state: State): boolean {
    if (!existsSync(this.dataFile)) return false;
    const text = readFileSync(this.dataFile, 'utf8');
    if (!text.trim()) return false;
    this.snapshotBytes = Buffer.byteLength(text);
    const lines = text.split('\n');
    const header = parse(lines[0]);
    if (header?.stripeSandbox !== FORMAT) {
      const legacy = JSON.parse(text) as Partial<State> & {
        idempotency?: Record<string, Omit<IdempotentAnswer, 'created'>>;
      };
      Object.assign(state.objects, legacy.objects);
      // Answers of the earlier format carry no time: they are kept for 24 hours from now.
      for (const [key, answer] of Object.entries(legacy.idempotency ?? {}))
        state.idempotency[key] = { ...answer, created: realNow() };
      state.clockOffset = legacy.clockOffset;
      return false;
    }
    this.seq = header.s ?? 0;
    state.clockOffset = header.c;
    for (const line of lines.slice(1)) apply(state, parse(line));
    return true;
  }

  /** Applies the journal's lines numbered after the snapshot; true when it is not empty. */
  private replayJournal(state: State): boolean {
    if (!existsSync(this.journalFile)) return false;
    const text = readFileSync(this.journalFile, 'utf8');
    for (const line of text.split('\n').map(parse)) {
      if (!line || (line.s ?? 0) <= this.seq) continue;
      apply(state, line);
      this.seq = line.s!;
    }
    return text.length > 0;
  }

  /** The snapshot's lines: its header, then every object and unexpired answer. */
  private *snapshotLines(state: State): Generator<string> {
    yield JSON.stringify({ stripeSandbox: FORMAT, s: this.seq, c: state.clockOffset });
    for (const id of Object.keys(state.objects)) {
      const object = state.objects[id];
      if (object) yield JSON.stringify({ o: object });
    }
    const now = realNow();
    for (const key of Object.keys(state.idempotency)) {
      const answer = state.idempotency[key];
      if (answer && !isExpired(answer, now)) yield JSON.stringify({ i: key, e: answer });
    }
  }

  /** Writes the snapshot at once and empties the journal (at start, before any request). */
  private compactNow(state: State): void {
    const temporary = `${this.dataFile}.tmp`;
    const file = openSync(temporary, 'w');
    let bytes = 0;
    try {
      for (const chunk of chunks(this.snapshotLines(state))) bytes += writeSync(file, chunk);
    } finally {
      closeSync(file);
    }
    renameSync(temporary, this.dataFile);
    writeFileSync(this.journalFile, '');
    this.snapshotBytes = bytes;
    this.journalBytes = 0;
  }

  /** Appends the pending changes, as they are now, then compacts if the journal is due. */
  private async writePending(): Promise<void> {
    if (this.pending.size === 0) return;
    const changes = this.pending;
    this.pending = new Set();
    try {
      for (const chunk of chunks(this.journalLines(changes))) {
        await appendFile(this.journalFile, chunk);
        this.journalBytes += Buffer.byteLength(chunk);
      }
      if (this.journalBytes > COMPACT_FACTOR * Math.max(this.snapshotBytes, this.compactMinBytes))
        await this.compact();
    } catch (error) {
      for (const change of changes) this.pending.add(change);
      this.failure = error;
    }
  }

  private *journalLines(changes: Set<Change>): Generator<string> {
    const state = this.state();
    for (const change of changes) {
      this.seq += 1;
      if (change === 'c') yield JSON.stringify({ s: this.seq, c: state.clockOffset ?? 0 });
      else if (change[0] === 'o')
        yield JSON.stringify({ s: this.seq, o: state.objects[change.slice(1)] });
      else {
        const key = change.slice(1);
        const answer = state.idempotency[key];
        if (answer) yield JSON.stringify({ s: this.seq, i: key, e: answer });
      }
    }
  }

  /**
   * A new snapshot while the sandbox runs: written piece by piece to a temporary file, renamed over
   * the old one, then the journal emptied. Changes made meanwhile wait in the pending set, so they
   * are journaled after the snapshot, under numbers it does not include.
   */
  private async compact(): Promise<void> {
    const temporary = `${this.dataFile}.tmp`;
    const file = await open(temporary, 'w');
    let bytes = 0;
    try {
      for (const chunk of chunks(this.snapshotLines(this.state()))) {
        await file.write(chunk);
        bytes += Buffer.byteLength(chunk);
      }
    } finally {
      await file.close();
    }
    await rename(temporary, this.dataFile);
    await writeFile(this.journalFile, '');
    this.snapshotBytes = bytes;
    this.journalBytes = 0;
  }
}

function parse(text: string | undefined): Line | undefined {
  if (!text) return undefined;
  try {
    return JSON.parse(text) as Line;
  } catch {
    return undefined;
  }
}

function apply(state: State, line: Line | undefined): void {
  if (!line) return;
  if (line.o) state.objects[line.o.id] = line.o;
  else if (line.i !== undefined && line.e) state.idempotency[line.i] = line.e;
  else if (line.c !== undefined) state.clockOffset = line.c;
}

/** Lines joined into pieces of about CHUNK_BYTES, each line ending with a newline. */
function* chunks(lines: Iterable<string>): Generator<string> {
  let chunk = '';
  for (const line of lines) {
    chunk += `${line}\n`;
    if (chunk.length >= CHUNK_BYTES) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}
