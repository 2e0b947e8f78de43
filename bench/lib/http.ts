/**
 * The load generator's HTTP client: node:http on kept-alive connections, the least CPU a request can
 * cost this process (the bench shares the machine's cores with the servers it measures, so every
 * millisecond the client spends is one the servers do not get). Global fetch (undici) cost about
 * 0.7 ms of this process's CPU a request in the checkout bench; this client is the same protocol with
 * less in between. `bases` are tried in turn, one request each (nginx's round robin over the instances,
 * deploy/nginx.conf).
 */
import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity, scheduling: 'lifo' });

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/** One request; resolves with the whole answer as text. */
export function request(
  url: string,
  method = 'GET',
  headers: Record<string, string> = {},
  body?: string,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: body === undefined ? headers : { ...headers, 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** Round robin over `bases`, shared by every client made from it (as one nginx in front of them). */
export function roundRobin(bases: string[]): () => string {
  let next = 0;
  return () => bases[next++ % bases.length]!;
}

/**
 * One browser's session against the servers: the session cookie and CSRF token kept from the answers,
 * sent with every request (the CSRF token on writes), as apps/server/test/server-process.ts' httpClient.
 */
export function sessionClient(base: string | (() => string)) {
  const pick = typeof base === 'string' ? () => base : base;
  let cookie = '';
  let csrf = '';
  return async (method: string, url: string, body?: unknown) => {
    const headers: Record<string, string> = {};
    if (cookie) headers.cookie = cookie;
    if (csrf && method !== 'GET') headers['x-csrf-token'] = csrf;
    if (body !== undefined) headers['content-type'] = 'application/json';
    const res = await request(
      `${pick()}${url}`,
      method,
      headers,
      body === undefined ? undefined : JSON.stringify(body),
    );
    const set = res.headers['set-cookie'];
    if (set?.[0]) cookie = set[0].split(';')[0]!;
    const token = res.headers['x-csrf-token'];
    if (typeof token === 'string') csrf = token;
    return { status: res.status, json: (res.text ? JSON.parse(res.text) : null) as Record<string, unknown> };
  };
}
