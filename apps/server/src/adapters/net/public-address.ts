/**
 * Outgoing connections to addresses a user supplied (SSRF guard). An address is classified on its bytes
 * (IPv6 parsed to 16 bytes, IPv4 in any textual form the URL parser accepts arrives here dotted), and a
 * connection is made only to a public unicast peer: every name is resolved here and every answer checked,
 * IP literals are checked as they are, and the socket's real remote address is checked again when it
 * connects — before anything (an HTTP request, a TLS ClientHello) is written to it, because the socket is
 * handed to its user only after that check.
 *
 * `guardedConnection` is a `createConnection` for `http.request` / `https.request` (no agent): each request,
 * so each redirect hop, connects through the same check.
 */
import dns from 'node:dns';
import type http from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import tls from 'node:tls';

export class PrivateAddressError extends Error {
  readonly code = 'EPRIVATEADDRESS';
  constructor(readonly address: string) {
    super(`Connection to a non-public address refused: ${address}`);
    this.name = 'PrivateAddressError';
  }
}

export type Resolver = (hostname: string) => Promise<readonly { address: string; family: number }[]>;

export interface PeerPolicy {
  /** Allow every address (loopback and private networks included): tests and local development only. */
  allowPrivateAddresses?: boolean;
  /** These exact addresses are allowed although not public (tests: a stand-in for a public host). */
  allowAddresses?: readonly string[];
  /** How names are resolved (default: the system resolver, every answer). */
  resolve?: Resolver;
  /** Time limit for resolving and connecting, in ms (default 10 s). */
  connectTimeoutMs?: number;
}

const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true, verbatim: true });

/** An address as its bytes: 4 for IPv4 (dotted quad), 16 for IPv6 (any form, zone id ignored); else null. */
export function addressBytes(address: string): Uint8Array | null {
  const text = address.replace(/^\[|\]$/g, '');
  if (net.isIPv4(text)) return Uint8Array.from(text.split('.').map(Number));
  if (!net.isIPv6(text)) return null;
  let v6 = text.toLowerCase().replace(/%.*$/, '');
  const bytes = new Uint8Array(16);
  const lastColon = v6.lastIndexOf(':');
  const tail = v6.slice(lastColon + 1);
  if (tail.includes('.')) {
    if (!net.isIPv4(tail)) return null;
    bytes.set(tail.split('.').map(Number), 12);
    v6 = `${v6.slice(0, lastColon + 1)}0:0`;
  }
  const [head, rest] = v6.split('::') as [string, string | undefined];
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const left = groups(head);
  const right = rest === undefined ? [] : groups(rest);
  const fill = rest === undefined ? 0 : 8 - left.length - right.length;
  const all = [...left, ...Array<string>(fill).fill('0'), ...right];
  if (all.length !== 8) return null;
  all.forEach((group, i) => {
    if (i >= 6 && tail.includes('.')) return;
    const value = parseInt(group, 16);
    bytes[i * 2] = value >> 8;
    bytes[i * 2 + 1] = value & 0xff;
  });
  return bytes;
}

type Range = readonly [prefix: readonly number[], bits: number];

/** IPv4 special-purpose ranges (IANA registry) that are not public unicast. */
const V4_REFUSED: readonly Range[] = [
  [[0], 8], // "this network", 0.0.0.0
  [[10], 8],
  [[100, 64], 10], // carrier-grade NAT
  [[127], 8],
  [[169, 254], 16], // link-local, cloud metadata
  [[172, 16], 12],
  [[192, 0, 0], 24], // IETF protocol assignments
  [[192, 0, 2], 24], // TEST-NET-1
  [[192, 88, 99], 24], // 6to4 relay anycast (deprecated)
  [[192, 168], 16],
  [[198, 18], 15], // benchmarking
  [[198, 51, 100], 24], // TEST-NET-2
  [[203, 0, 113], 24], // TEST-NET-3
  [[224], 4], // multicast
  [[240], 4], // reserved, 255.255.255.255
];

/**
 * IPv6: only global unicast (2000::/3) can be public, which already leaves out ::, ::1, IPv4-compatible
 * ::/96, IPv4-mapped ::ffff:0:0/96, NAT64 64:ff9b::/96 and 64:ff9b:1::/48, discard 100::/64, fc00::/7,
 * fe80::/10, fec0::/10 and ff00::/8. Inside it these are refused:
 */
const V6_GLOBAL: Range = [[0x20], 3];
const V6_REFUSED: readonly Range[] = [
  [[0x20, 0x01, 0x00, 0x00], 23], // IETF protocol assignments: Teredo 2001::/32, benchmarking, ORCHID
  [[0x20, 0x01, 0x0d, 0xb8], 32], // documentation
  [[0x20, 0x02], 16], // 6to4 (embeds an IPv4 address)
  [[0x3f, 0xff], 20], // documentation (RFC 9637)
];

function inRange(bytes: Uint8Array, [prefix, bits]: Range): boolean {
  for (let i = 0; i * 8 < bits; i++) {
    const take = Math.min(8, bits - i * 8);
    const mask = (0xff << (8 - take)) & 0xff;
    if (((bytes[i] ?? 0) & mask) !== ((prefix[i] ?? 0) & mask)) return false;
  }
  return true;
}

/**
 * Whether a connection to this address reaches the public internet. Not public: anything that is not an
 * IP address, IPv4 loopback/private/link-local/CGNAT/documentation/benchmarking/multicast/reserved ranges,
 * and every IPv6 address outside global unicast or in a range that embeds or translates an IPv4 address
 * (mapped, compatible, NAT64, 6to4, Teredo) — also when the embedded IPv4 address is public.
 */
export function isPublicAddress(address: string): boolean {
  const bytes = addressBytes(address);
  if (!bytes) return false;
  if (bytes.length === 4) return !V4_REFUSED.some((r) => inRange(bytes, r));
  return inRange(bytes, V6_GLOBAL) && !V6_REFUSED.some((r) => inRange(bytes, r));
}

function allowed(address: string | undefined, policy: PeerPolicy): boolean {
  if (address === undefined) return false;
  if (policy.allowPrivateAddresses) return true;
  if (isPublicAddress(address)) return true;
  const bytes = addressBytes(address);
  return (
    !!bytes &&
    (policy.allowAddresses ?? []).some((a) => {
      const other = addressBytes(a);
      return !!other && other.length === bytes.length && other.every((b, i) => b === bytes[i]);
    })
  );
}

/** The addresses to connect to for a host (a name or an IP literal); all must be allowed. */
export async function resolvePeers(
  host: string,
  policy: PeerPolicy = {},
): Promise<{ address: string; family: number }[]> {
  const literal = host.replace(/^\[|\]$/g, '');
  const family = net.isIP(literal);
  const peers = family
    ? [{ address: literal, family }]
    : [...(await (policy.resolve ?? systemResolver)(literal))];
  if (peers.length === 0) throw Object.assign(new Error(`No address for ${literal}`), { code: 'ENOTFOUND' });
  const refused = peers.find((p) => !allowed(p.address, policy));
  if (refused) throw new PrivateAddressError(refused.address);
  return peers;
}

/**
 * The connect-time check: a connected socket whose real peer the policy refuses is destroyed, and the
 * error is returned (null when the peer is allowed).
 */
export function checkPeer(socket: net.Socket, policy: PeerPolicy): PrivateAddressError | null {
  if (allowed(socket.remoteAddress, policy)) return null;
  socket.destroy();
  return new PrivateAddressError(socket.remoteAddress ?? 'unknown');
}

interface ConnectOptions {
  host: string;
  port: number;
  /** Wrap in TLS once the peer is checked (servername and certificate checked against `host`). */
  tls?: tls.ConnectionOptions | false;
}

/** A socket connected to a checked peer (TLS started only after the check), or an error. */
export function connectPublic(
  options: ConnectOptions,
  policy: PeerPolicy,
  callback: (err: Error | null, socket?: net.Socket) => void,
): void {
  const host = options.host.replace(/^\[|\]$/g, '');
  const timeoutMs = policy.connectTimeoutMs ?? 10_000;
  let done = false;
  const finish = (err: Error | null, socket?: net.Socket) => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    callback(err, socket);
  };
  let current: net.Socket | undefined;
  const timer = setTimeout(() => {
    current?.destroy();
    finish(Object.assign(new Error(`Connecting to ${host} timed out`), { code: 'ETIMEDOUT' }));
  }, timeoutMs);

  const tryPeer = (peers: { address: string; family: number }[], index: number, lastError?: Error) => {
    const peer = peers[index];
    if (!peer) return finish(lastError ?? new Error(`Could not connect to ${host}`));
    const socket = net.connect({ host: peer.address, port: options.port, family: peer.family });
    current = socket;
    const onError = (err: Error) => {
      socket.destroy();
      if (!done) tryPeer(peers, index + 1, err);
    };
    socket.once('error', onError);
    socket.once('connect', () => {
      socket.off('error', onError);
      if (done) return void socket.destroy();
      // The final guard: the peer the kernel actually connected to, before a byte is written.
      const refused = checkPeer(socket, policy);
      if (refused) return finish(refused);
      if (!options.tls) return finish(null, socket);
      const secure = tls.connect({
        ...options.tls,
        socket,
        host,
        servername: net.isIP(host) ? undefined : host,
      });
      finish(null, secure);
    });
  };

  resolvePeers(host, policy).then(
    (peers) => {
      if (!done) tryPeer(peers, 0);
    },
    (err: Error) => finish(err),
  );
}

/** TLS options `https.request` passes on that the guarded connection honours. */
const TLS_KEYS = ['ca', 'cert', 'key', 'rejectUnauthorized', 'checkServerIdentity', 'minVersion'] as const;

/**
 * A `createConnection` for `http.request` / `https.request` (pass no agent) that connects only to peers
 * the policy allows. Give the request `defaultPort` (80 or 443): without an agent Node assumes 80.
 */
export function guardedConnection(policy: PeerPolicy, secure: boolean) {
  return (opts: http.ClientRequestArgs, callback: (err: Error | null, socket: Duplex) => void): undefined => {
    const tlsOptions: tls.ConnectionOptions = {};
    if (secure)
      for (const key of TLS_KEYS) {
        const value = (opts as Record<string, unknown>)[key];
        if (value !== undefined) Object.assign(tlsOptions, { [key]: value });
      }
    connectPublic(
      {
        host: String(opts.hostname ?? opts.host ?? 'localhost'),
        port: Number(opts.port ?? (secure ? 443 : 80)),
        tls: secure ? tlsOptions : false,
      },
      policy,
      (err, socket) => callback(err, socket as Duplex),
    );
    return undefined;
  };
}
