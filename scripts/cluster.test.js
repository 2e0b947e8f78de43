/**
 * The Dockerfile, compose.yaml, deploy/nginx.conf, `npm start` and `npm run cluster` describe one
 * deployment (issue 27, ADR 0038): these fail when one of them drifts from the others.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, loadConfig } from '../apps/server/src/config.ts';
import {
  composeFile,
  imageRuntime,
  interpolate,
  localFolderOf,
  localNginxConf,
  repoRoot,
  serverEnvironment,
  serverServices,
} from './cluster-topology.mjs';

const read = (file) => fs.readFileSync(path.join(repoRoot, file), 'utf8');
const compose = composeFile();
const runtime = imageRuntime();
const serverPkg = JSON.parse(read('apps/server/package.json'));

/** KEY=value lines of an env file (comments and blank lines skipped). */
const envFile = (file) =>
  Object.fromEntries(
    read(file)
      .split('\n')
      .filter((line) => /^[A-Z_][A-Z0-9_]*=/.test(line))
      .map((line) => line.split(/=(.*)/s).slice(0, 2)),
  );

describe('the image starts the server as npm start does', () => {
  it("the Dockerfile's CMD is apps/server's start script, run in apps/server", () => {
    // "NODE_ENV=${NODE_ENV:-production} node …": the assignment is the image's ENV NODE_ENV=production.
    const start = serverPkg.scripts.start.split(/\s+/).filter((word) => !/^[A-Z_]+=/.test(word));
    expect(runtime.cmd).toEqual(start);
    expect(localFolderOf(runtime.workdir)).toBe(path.join(repoRoot, 'apps/server'));
    expect(runtime.env.NODE_ENV).toBe('production');
  });

  it('the file the CMD runs is what the build stage compiles, and the runtime copies it', () => {
    const script = runtime.cmd.find((arg) => arg.endsWith('.js'));
    expect(script).toBe('dist/main.js');
    // build.mjs writes each entry point as <name>.js in dist/ (a test build elsewhere adds the backup CLI).
    const build = read('apps/server/build.mjs');
    expect(build).toContain("main: path.join(root, 'src/main.ts')");
    expect(build).toContain("testBuild === -1 ? path.join(root, 'dist')");
    expect(serverPkg.scripts.build).toBe('node build.mjs');
    const dockerfile = read('Dockerfile');
    expect(dockerfile).toMatch(/RUN .*npm run build -w apps\/server/);
    expect(dockerfile).toContain(
      'COPY --from=build --chown=root:root /app/apps/server/dist apps/server/dist',
    );
  });

  it('npm start builds the web app and the server before starting', () => {
    const root = JSON.parse(read('package.json'));
    expect(root.scripts.start).toBe('npm run build && npm run start -w apps/server');
    expect(root.scripts.build).toContain('npm run build -w apps/web');
    expect(root.scripts.build).toContain('npm run build -w apps/server');
  });
});

describe("compose's environment is the server's configuration", () => {
  const serverEnvNames = Object.keys(compose['x-server'].environment);

  it('every variable compose and the Dockerfile set is one config.ts reads', () => {
    expect(serverEnvNames.filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
    expect(Object.keys(runtime.env).filter((name) => !CONFIG_VARIABLES.includes(name))).toEqual([]);
  });

  it('every variable config.ts reads is described in .env.example', () => {
    const described = Object.keys(envFile('.env.example'));
    expect(CONFIG_VARIABLES.filter((name) => !described.includes(name))).toEqual([]);
  });

  it('every server service is the same image with the same environment', () => {
    const servers = serverServices(compose);
    expect(servers.length).toBeGreaterThanOrEqual(2);
    for (const name of servers) {
      expect(compose.services[name].build).toBe('.');
      expect(compose.services[name].environment).toEqual(compose['x-server'].environment);
    }
  });

  it('with deploy/env.example filled in, compose gives each server a configuration that loads', () => {
    const vars = {
      ...envFile('deploy/env.example'),
      POSTGRES_PASSWORD: 'secret',
      MINIO_ROOT_PASSWORD: 'secret-too',
      CALENDAR_TOKEN_KEY: 'ab'.repeat(32),
    };
    const env = { ...runtime.env, ...serverEnvironment(vars, compose) };
    const config = loadConfig(env);
    expect(config).toMatchObject({
      NODE_ENV: 'production',
      PORT: 3000,
      STORAGE_DRIVER: 's3',
      TRUST_PROXY: true,
      SEED_DEMO_DATA: false,
      paymentsProvider: 'sandbox',
    });
    expect(config.DATABASE_URL).toBe('postgres://marketplace:secret@postgres:5432/marketplace');
  });

  it('each secret compose requires (${VAR:?}) is in deploy/env.example', () => {
    const required = [...read('compose.yaml').matchAll(/\$\{([A-Z_]+):\?/g)].map((m) => m[1]);
    const example = Object.keys(envFile('deploy/env.example'));
    expect([...new Set(required)].filter((name) => !example.includes(name))).toEqual([]);
  });

  it("compose's interpolation as the cluster reads it", () => {
    expect(interpolate('${A:-x}/${B-y}/${C}/$$D', { A: '', B: '' })).toBe('x///$D');
    expect(() => interpolate('${A:?set A}', { A: '' })).toThrow('A: set A');
  });
});

describe('deploy/nginx.conf on one machine', () => {
  const runDir = '/tmp/run';
  const local = localNginxConf({ upstreamPorts: [4001, 4002], listenPort: 8080, runDir });

  it("has one upstream server per compose server, and the cluster changes only addresses, ports and nginx's own files", () => {
    const original = read('deploy/nginx.conf');
    expect([...original.matchAll(/^\s*server\s+([\w-]+):3000/gm)].map((m) => m[1])).toEqual(
      serverServices(compose),
    );
    const removed = original.split('\n').filter((line) => !local.split('\n').includes(line));
    expect(removed.map((line) => line.trim())).toEqual([
      'access_log /var/log/nginx/access.log main;',
      expect.stringMatching(/^resolver /),
      'server server-1:3000 max_fails=0 resolve;',
      'server server-2:3000 max_fails=0 resolve;',
      'listen 80;',
    ]);
    expect(local).toContain('access_log /tmp/run/access.log main;');
    expect(local).toContain('server 127.0.0.1:4001 max_fails=0;');
    expect(local).toContain('server 127.0.0.1:4002 max_fails=0;');
    expect(local).toContain('listen 127.0.0.1:8080;');
  });

  it("compose's proxy mounts that file", () => {
    expect(compose.services.proxy.volumes).toContain('./deploy/nginx.conf:/etc/nginx/nginx.conf:ro');
  });

  const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
  it.skipIf(!nginx)('the local configuration passes nginx -t', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'stg-nginx-test-'));
    try {
      const conf = path.join(dir, 'nginx.conf');
      fs.writeFileSync(conf, localNginxConf({ upstreamPorts: [4001, 4002], listenPort: 8080, runDir: dir }));
      const global = `pid ${dir}/nginx.pid; error_log stderr;`;
      execFileSync(nginx, ['-q', '-t', '-e', 'stderr', '-p', dir, '-c', conf, '-g', global], {
        stdio: 'pipe',
      });
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
