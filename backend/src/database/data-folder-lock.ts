import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface LockInfo {
  pid: number;
  /** Port of the running server's database socket, for tools that work through it. */
  port?: number;
  started_at: string;
}

export class DataFolderLockedError extends Error {
  constructor(
    readonly dataDir: string,
    readonly holder: LockInfo,
  ) {
    super(
      `The embedded database in ${dataDir} is in use by another process (pid ${holder.pid}, ` +
        `started ${holder.started_at}). Stop that process first, or set DATABASE_URL to use a PostgreSQL server.`,
    );
    this.name = 'DataFolderLockedError';
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock on the data folder, held by the process that opened the embedded database.
 * PGlite has no lock of its own, and two processes writing one folder would corrupt it.
 */
export class DataFolderLock {
  private constructor(
    readonly path: string,
    private info: LockInfo,
  ) {}

  static lockPath(dataDir: string): string {
    return join(dataDir, 'leadpulse.lock');
  }

  /** The lock's holder if a live process holds it, else undefined. */
  static readHolder(dataDir: string): LockInfo | undefined {
    try {
      const info = JSON.parse(readFileSync(DataFolderLock.lockPath(dataDir), 'utf8')) as LockInfo;
      return Number.isInteger(info.pid) && isRunning(info.pid) ? info : undefined;
    } catch {
      return undefined;
    }
  }

  /** Takes the lock, cleaning up a stale one left by a crashed process; throws if a live one holds it. */
  static acquire(dataDir: string): DataFolderLock {
    mkdirSync(dataDir, { recursive: true });
    const path = DataFolderLock.lockPath(dataDir);
    const info: LockInfo = { pid: process.pid, started_at: new Date().toISOString() };
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fd = openSync(path, 'wx', 0o600);
        writeFileSync(fd, JSON.stringify(info));
        closeSync(fd);
        return new DataFolderLock(path, info);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const holder = DataFolderLock.readHolder(dataDir);
        if (holder && holder.pid !== process.pid) throw new DataFolderLockedError(dataDir, holder);
        rmSync(path, { force: true });
      }
    }
    throw new Error(`Could not lock the data folder ${dataDir}`);
  }

  update(fields: Partial<LockInfo>): void {
    this.info = { ...this.info, ...fields };
    writeFileSync(this.path, JSON.stringify(this.info));
  }

  release(): void {
    rmSync(this.path, { force: true });
  }
}
