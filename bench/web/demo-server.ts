/**
 * The web benchmarks' server: the real marketplace as its own process, as in production, serving the
 * built web app (apps/web/dist) with the demo data on a fresh embedded database in a temp folder.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathOf } from '@stg/domain/api/endpoint';
import { supportApi } from '@stg/domain/api/support.endpoints';
import { freePort, stopProcess, waitUntilUp } from '../lib/processes';

const serverDir = path.resolve(import.meta.dirname, '../../apps/server');

export interface DemoServer {
  base: string;
  /** Resolves once /api/health answers (seeding the demo data takes a while). */
  ready(limitMs?: number): Promise<void>;
  /** Stops the server and removes its data folder. */
  stop(): Promise<void>;
}

export async function startDemoServer(env: Record<string, string> = {}): Promise<DemoServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'web-bench-'));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      TZ: 'UTC',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  return {
    base,
    ready: (limitMs = 180_000) => waitUntilUp(`${base}${pathOf(supportApi.health)}`, child, limitMs),
    async stop() {
      await stopProcess(child, 15_000);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
