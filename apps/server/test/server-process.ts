/**
 * The server as its own process, started as in production (src/main.ts), and a browser-like HTTP
 * client for it: for the crash test and the benchmarks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Resolves once `url` answers 200; fails if the process exits or a minute passes. */
export async function waitUntilUp(url: string, child: ChildProcess) {
  const until = Date.now() + 60_000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not start`);
}

/**
 * `node` on a file built once per test run by test/build-setup.ts (`<name>.js`: main, backup), with source
 * maps as `npm start` runs dist/main.js: tsx took about twice the CPU time to start, transpiling the server.
 */
export function builtEntry(name: 'main' | 'backup') {
  // Set by test/build-setup.ts in vitest's process; its workers get its environment (and no 'vitest'
  // import here: the benchmarks import this file too).
  const dir = process.env.SERVER_TEST_BUILD_DIR;
  if (!dir) throw new Error('SERVER_TEST_BUILD_DIR is not set: test/build-setup.ts builds the server');
  return ['--enable-source-maps', path.join(dir, `${name}.js`)];
}

/** Starts `src/main.ts` (built: builtEntry) on 127.0.0.1:port with no demo data and no web app, plus `env`. */
export async function startServerProcess(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  env?: Record<string, string>;
}) {
  const child = spawn(process.execPath, builtEntry('main'), {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATA_DIR: opts.dataDir,
      DATABASE_URL: opts.databaseUrl ?? '',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'error',
      WEB_DIST_DIR: path.join(opts.dataDir, 'no-web'),
      ...opts.env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  await waitUntilUp(`http://127.0.0.1:${opts.port}/api/health`, child);
  return child;
}

/** Keeps the session cookie and the CSRF token like a browser; answers status and JSON. */
export function httpClient(base: string) {
  let cookie = '';
  let csrf = '';
  return async (method: string, url: string, body?: unknown) => {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: {
        ...(cookie ? { cookie } : {}),
        ...(csrf && method !== 'GET' ? { 'x-csrf-token': csrf } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) cookie = set.split(';')[0]!;
    const token = res.headers.get('x-csrf-token');
    if (token) csrf = token;
    return { status: res.status, json: (await res.json()) as Record<string, unknown> };
  };
}
