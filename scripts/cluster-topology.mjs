/**
 * What `npm run cluster` (scripts/cluster.mjs) starts, read from the files that describe production: the
 * image's runtime (Dockerfile: its ENV, WORKDIR and CMD), the servers' environment (compose.yaml's
 * `x-server` block, with compose's `${VAR:-default}` / `${VAR:?message}` filled in) and the proxy
 * (deploy/nginx.conf, changed only where Docker's network differs from one machine: addresses and ports).
 * Nothing here starts a process; scripts/cluster.test.js checks these against config.ts and package.json.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';

export const repoRoot = path.resolve(import.meta.dirname, '..');
const read = (file) => fs.readFileSync(path.join(repoRoot, file), 'utf8');

/** The runtime stage of the Dockerfile: its ENV values, last WORKDIR and CMD (exec form). */
export function imageRuntime(dockerfile = read('Dockerfile')) {
  // Continuation lines joined, comments dropped.
  const lines = dockerfile
    .split('\n')
    .filter((line) => !line.trimStart().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ')
    .split('\n');
  const stages = [];
  for (const line of lines) {
    const [instruction, ...rest] = line.trim().split(/\s+/);
    const args = rest.join(' ');
    if (/^FROM$/i.test(instruction)) stages.push({ from: args, env: {}, workdir: '/', cmd: null });
    const stage = stages.at(-1);
    if (!stage) continue;
    if (/^ENV$/i.test(instruction))
      for (const [, key, value] of args.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S+)/g))
        stage.env[key] = value.replace(/^"|"$/g, '');
    if (/^WORKDIR$/i.test(instruction)) stage.workdir = path.posix.resolve(stage.workdir, args);
    if (/^CMD$/i.test(instruction)) stage.cmd = JSON.parse(args);
  }
  const runtime = stages.at(-1);
  if (!runtime?.cmd) throw new Error('The Dockerfile has no CMD in exec form in its last stage');
  return runtime;
}

/** The image's /app is the repository: the image's WORKDIR as a folder here. */
export function localFolderOf(imagePath) {
  const relative = path.posix.relative('/app', imagePath);
  if (relative.startsWith('..')) throw new Error(`${imagePath} is outside /app`);
  return path.join(repoRoot, relative);
}

/** compose.yaml, parsed. */
export function composeFile(text = read('compose.yaml')) {
  return parseYaml(text, { merge: true });
}

/**
 * compose's variable interpolation on one string: `${VAR}`, `${VAR:-default}`, `${VAR-default}`,
 * `${VAR:?message}`, `${VAR?message}` and `$$`.
 */
export function interpolate(value, vars) {
  return String(value).replace(
    /\$\$|\$\{([A-Za-z_][A-Za-z0-9_]*)(?:(:?)([-?])([^}]*))?\}/g,
    (whole, name, colon, op, arg) => {
      if (whole === '$$') return '$';
      const set = colon ? Boolean(vars[name]) : vars[name] !== undefined;
      if (op === '-') return set ? vars[name] : arg;
      if (op === '?') {
        if (!set) throw new Error(`${name}: ${arg}`);
        return vars[name];
      }
      return vars[name] ?? '';
    },
  );
}

/** The environment compose gives each marketplace server (every `server-N` service), interpolated. */
export function serverEnvironment(vars, compose = composeFile()) {
  const servers = serverServices(compose);
  const [first] = servers;
  const env = {};
  for (const [key, value] of Object.entries(compose.services[first].environment ?? {}))
    env[key] = interpolate(value, vars);
  return env;
}

/** The names of compose's marketplace server services (those built from this repository's image). */
export function serverServices(compose = composeFile()) {
  return Object.keys(compose.services).filter((name) => compose.services[name].build !== undefined);
}

/**
 * deploy/nginx.conf for processes on one machine instead of containers on Docker's network: the upstream
 * servers become 127.0.0.1 ports (in the file's order), Docker's DNS resolver and the `resolve` flag (which
 * needs it, and nginx 1.27.3+) go, nginx listens on the given port, and the temporary files and logs go in
 * `runDir` (nginx runs as this user there). Everything else is the file as it is.
 */
export function localNginxConf({ upstreamPorts, listenPort, runDir }, conf = read('deploy/nginx.conf')) {
  let index = 0;
  let out = conf
    .replace(/^\s*resolver\s[^;]*;\s*\n/m, '')
    .replace(/^(\s*server\s+)[\w.-]+:\d+([^;]*);/gm, (_whole, lead, params) => {
      const port = upstreamPorts[index];
      index += 1;
      if (port === undefined) throw new Error('deploy/nginx.conf has more upstream servers than instances');
      return `${lead}127.0.0.1:${port}${params.replace(/\s+resolve\b/, '')};`;
    })
    .replace(/^(\s*)listen\s+80;/m, `$1listen 127.0.0.1:${listenPort};`)
    // The file's access log (its format, with the request id, kept) goes in runDir too.
    .replace(/^(\s*access_log\s+)\/\S+/gm, `$1${runDir}/access.log`);
  if (index !== upstreamPorts.length)
    throw new Error(
      `deploy/nginx.conf lists ${index} upstream servers, the cluster runs ${upstreamPorts.length}`,
    );
  const local = [
    ...(/^\s*access_log\s/m.test(out) ? [] : [`access_log ${runDir}/access.log;`]),
    `client_body_temp_path ${runDir}/client-body;`,
    `proxy_temp_path ${runDir}/proxy;`,
    `fastcgi_temp_path ${runDir}/fastcgi;`,
    `uwsgi_temp_path ${runDir}/uwsgi;`,
    `scgi_temp_path ${runDir}/scgi;`,
  ];
  out = out.replace(
    /^http\s*\{\n/m,
    (open) => `${open}  # Local run (scripts/cluster.mjs):\n${local.map((l) => `  ${l}\n`).join('')}`,
  );
  return out;
}

/** Replaces compose's service host names (postgres:5432, minio:9000) with local addresses. */
export function toLocalAddresses(env, hosts) {
  const out = {};
  for (const [key, value] of Object.entries(env)) {
    let v = value;
    for (const [from, to] of Object.entries(hosts)) v = v.split(from).join(to);
    out[key] = v;
  }
  return out;
}
