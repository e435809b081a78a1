import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './backend-process.js';

const TEMPLATE = join(
  dirname(fileURLToPath(import.meta.url)),
  '../../../../deploy/nginx/templates/leadpulse.conf.template',
);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Whether Debian's nginx is on this machine (`.ci/run` installs it). */
export function nginxInstalled(): boolean {
  return spawnSync(NGINX, ['-v']).status === 0;
}

/**
 * The repository's nginx configuration (`deploy/nginx/templates/`), its `${…}` filled in as the
 * official image does, in front of `upstreams`, in a process and folder of its own.
 */
export class Nginx {
  private constructor(
    private readonly child: ChildProcess,
    private readonly folder: string,
    readonly url: string,
    private output: string,
  ) {}

  static async start(upstreams: [string, string]): Promise<Nginx> {
    const port = await freePort();
    const folder = mkdtempSync(join(tmpdir(), 'leadpulse-nginx-'));
    // Workers drop root for an unprivileged user, which must reach the temporary folders.
    chmodSync(folder, 0o755);
    const values: Record<string, string> = {
      LEADPULSE_APP_1: upstreams[0],
      LEADPULSE_APP_2: upstreams[1],
      NGINX_PORT: `127.0.0.1:${port}`,
    };
    const site = readFileSync(TEMPLATE, 'utf8').replace(/\$\{(\w+)\}/g, (text, name: string) => {
      if (!(name in values)) throw new Error(`The nginx template uses an unknown ${text}`);
      return values[name];
    });
    writeFileSync(join(folder, 'leadpulse.conf'), site);
    writeFileSync(
      join(folder, 'nginx.conf'),
      [
        'worker_processes 1;',
        `pid ${folder}/nginx.pid;`,
        `error_log ${folder}/error.log warn;`,
        'events { worker_connections 1024; }',
        'http {',
        '  access_log off;',
        ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(
          (kind) => `  ${kind}_temp_path ${folder}/${kind};`,
        ),
        `  include ${folder}/leadpulse.conf;`,
        '}',
      ].join('\n'),
    );
    const child = spawn(
      NGINX,
      ['-p', folder, '-c', join(folder, 'nginx.conf'), '-g', 'daemon off;'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    const nginx = new Nginx(child, folder, `http://127.0.0.1:${port}`, '');
    const keep = (chunk: Buffer) => (nginx.output += chunk.toString());
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${nginx.log}`);
      // Any answer from nginx itself will do: the instances may not be up yet.
      const listening = await fetch(`${nginx.url}/api/health`)
        .then(() => true)
        .catch(() => false);
      if (listening) return nginx;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`nginx did not listen:\n${nginx.log}`);
  }

  /** What nginx printed, and its error log. */
  get log(): string {
    let errors = '';
    try {
      errors = readFileSync(join(this.folder, 'error.log'), 'utf8');
    } catch {
      // Not written yet.
    }
    return `${this.output}${errors}`;
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null && this.child.signalCode === null) {
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      this.child.kill('SIGQUIT');
      await exited;
    }
    rmSync(this.folder, { recursive: true, force: true });
  }
}
