import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataFolderLock, DataFolderLockedError } from './data-folder-lock.js';

const freshDir = () => mkdtempSync(join(tmpdir(), 'leadpulse-lock-'));

/** The pid of a process that has already exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'console.log(process.pid)'], {
    encoding: 'utf8',
  });
  return Number(child.stdout.trim());
}

describe('DataFolderLock', () => {
  it('creates the folder and records this process', () => {
    const dir = join(freshDir(), 'nested', 'data');
    const lock = DataFolderLock.acquire(dir);
    expect(JSON.parse(readFileSync(DataFolderLock.lockPath(dir), 'utf8')).pid).toBe(process.pid);
    lock.release();
    expect(existsSync(DataFolderLock.lockPath(dir))).toBe(false);
  });

  it('refuses a folder that a live process holds, naming it', () => {
    const dir = freshDir();
    // pid 1 is always alive.
    writeFileSync(
      DataFolderLock.lockPath(dir),
      JSON.stringify({ pid: 1, started_at: '2026-01-01T00:00:00Z' }),
    );
    expect(() => DataFolderLock.acquire(dir)).toThrow(DataFolderLockedError);
    expect(() => DataFolderLock.acquire(dir)).toThrow(/in use by another process \(pid 1/);
  });

  it('takes over a stale lock left by a process that crashed', () => {
    const dir = freshDir();
    writeFileSync(
      DataFolderLock.lockPath(dir),
      JSON.stringify({ pid: deadPid(), started_at: '2026-01-01T00:00:00Z' }),
    );
    const lock = DataFolderLock.acquire(dir);
    expect(DataFolderLock.readHolder(dir)?.pid).toBe(process.pid);
    lock.release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = freshDir();
    writeFileSync(DataFolderLock.lockPath(dir), 'garbage');
    DataFolderLock.acquire(dir).release();
  });

  it('publishes the database port for tools', () => {
    const dir = freshDir();
    const lock = DataFolderLock.acquire(dir);
    lock.update({ port: 54321 });
    expect(DataFolderLock.readHolder(dir)).toMatchObject({ pid: process.pid, port: 54321 });
    lock.release();
    expect(DataFolderLock.readHolder(dir)).toBeUndefined();
  });
});
