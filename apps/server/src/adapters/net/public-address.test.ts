import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  addressBytes,
  checkPeer,
  connectPublic,
  guardedConnection,
  isPublicAddress,
  PrivateAddressError,
  resolvePeers,
} from './public-address';

// A self-signed certificate for calendar.test and 127.0.0.1, valid 2020–2120 (test fixture only).
const CERT = `-----BEGIN CERTIFICATE-----
MIIBcjCCARmgAwIBAgIBATAKBggqhkjOPQQDAjAYMRYwFAYDVQQDDA1jYWxlbmRh
ci50ZXN0MCAXDTIwMDEwMTAwMDAwMFoYDzIxMjAwMTAxMDAwMDAwWjAYMRYwFAYD
VQQDDA1jYWxlbmRhci50ZXN0MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAEKlR7
h0+NL83Twa8jfGjnMGKvMqoRSMkaAp9wGko3PpAXbbVBL+42MXgmgg14n4uIZldx
GNNCUDLY6AfHOkIcMqNSMFAwHgYDVR0RBBcwFYINY2FsZW5kYXIudGVzdIcEfwAA
ATAPBgNVHRMBAf8EBTADAQH/MB0GA1UdDgQWBBQAmzlFm5Ubmn/7AxJjhx0IcBL9
pTAKBggqhkjOPQQDAgNHADBEAiAqZ83h6Q9Q5nXMtL9hAz+ld33fFi921Qz08o56
GQdzugIgGzEmaAEHqMLriRH7OH+W2TDKmOyJ/Yf1F69dfft/M/s=
-----END CERTIFICATE-----
`;
const KEY = `-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgXH6HpwT+OblsdjDN
lWPQGSa6g7NR96ef2m4X4Bj596yhRANCAAQqVHuHT40vzdPBryN8aOcwYq8yqhFI
yRoCn3AaSjc+kBdttUEv7jYxeCaCDXifi4hmV3EY00JQMtjoB8c6Qhwy
-----END PRIVATE KEY-----
`;

describe('addressBytes', () => {
  it('reads IPv4 and every IPv6 form to bytes', () => {
    expect([...addressBytes('127.0.0.1')!]).toEqual([127, 0, 0, 1]);
    const mapped = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1];
    expect([...addressBytes('::ffff:127.0.0.1')!]).toEqual(mapped);
    expect([...addressBytes('::ffff:7f00:1')!]).toEqual(mapped);
    expect([...addressBytes('[0:0:0:0:0:FFFF:7F00:0001]')!]).toEqual(mapped);
    expect([...addressBytes('::1')!]).toEqual([...Array<number>(15).fill(0), 1]);
    expect([...addressBytes('::')!]).toEqual(Array<number>(16).fill(0));
    expect([...addressBytes('2002:7f00:1::')!].slice(0, 6)).toEqual([0x20, 0x02, 0x7f, 0, 0, 1]);
    expect([...addressBytes('fe80::1%eth0')!].slice(0, 2)).toEqual([0xfe, 0x80]);
    expect([...addressBytes('1:2:3:4:5:6:7:8')!]).toEqual([0, 1, 0, 2, 0, 3, 0, 4, 0, 5, 0, 6, 0, 7, 0, 8]);
  });

  it('refuses what is not an address, odd IPv4 spellings included (the URL parser normalises those)', () => {
    for (const a of ['', 'localhost', '0177.0.0.1', '0x7f.1', '2130706433', '127.1', '1.2.3.4.5', ':::'])
      expect(addressBytes(a), a).toBeNull();
  });
});

describe('isPublicAddress', () => {
  it('refuses the special IPv4 ranges', () => {
    for (const a of [
      '0.0.0.0',
      '0.1.2.3',
      '10.0.0.1',
      '10.255.255.255',
      '100.64.0.1',
      '100.127.255.255',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.8',
      '192.0.2.1',
      '192.88.99.1',
      '192.168.0.1',
      '198.18.0.1',
      '198.19.255.255',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('allows public IPv4 next to those ranges', () => {
    for (const a of [
      '8.8.8.8',
      '1.1.1.1',
      '9.255.255.255',
      '11.0.0.1',
      '100.63.255.255',
      '100.128.0.1',
      '126.255.255.255',
      '128.0.0.1',
      '169.253.1.1',
      '172.15.255.255',
      '172.32.0.1',
      '192.0.1.1',
      '192.167.1.1',
      '198.17.255.255',
      '198.20.0.1',
      '203.0.114.1',
      '223.255.255.255',
    ])
      expect(isPublicAddress(a), a).toBe(true);
  });

  it('refuses the special IPv6 ranges', () => {
    for (const a of [
      '::',
      '::1',
      'fc00::1',
      'fd12:3456::1',
      'fe80::1',
      'febf::1',
      'fec0::1',
      'ff02::1',
      'ff0e::1',
      '100::1', // discard
      '2001:db8::1', // documentation
      '3fff::1', // documentation
      '2001:2::1', // benchmarking
      '2001:10::1', // ORCHID
      '4000::1', // outside global unicast
    ])
      expect(isPublicAddress(a), a).toBe(false);
  });

  it('refuses every IPv4 embedding, of private and of public addresses, in any spelling', () => {
    for (const v4 of ['127.0.0.1', '169.254.169.254', '10.0.0.1', '8.8.8.8']) {
      const [a, b, c, d] = v4.split('.').map(Number) as [number, number, number, number];
      const hi = ((a << 8) | b).toString(16);
      const lo = ((c << 8) | d).toString(16);
      for (const form of [
        `::ffff:${v4}`, // mapped
        `::ffff:${hi}:${lo}`,
        `0:0:0:0:0:ffff:${hi}:${lo}`,
        `::${v4}`, // compatible
        `::${hi}:${lo}`,
        `::ffff:0:${v4}`, // SIIT
        `64:ff9b::${v4}`, // NAT64
        `64:ff9b::${hi}:${lo}`,
        `64:ff9b:1::${hi}:${lo}`, // local-use NAT64
        `2002:${hi}:${lo}::`, // 6to4
        `2002:${hi}:${lo}::1`,
        `2001:0:4136:e378:8000:63bf:${(~((a << 8) | b) & 0xffff).toString(16)}:${(~((c << 8) | d) & 0xffff).toString(16)}`, // Teredo
      ])
        expect(isPublicAddress(form), form).toBe(false);
    }
  });

  it('allows public IPv6', () => {
    for (const a of ['2001:4860:4860::8888', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e', '2600::1'])
      expect(isPublicAddress(a), a).toBe(true);
  });
});

describe('resolvePeers', () => {
  it('checks literals as they are and every answer of a name', async () => {
    await expect(resolvePeers('[::ffff:7f00:1]')).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(resolvePeers('8.8.8.8')).resolves.toEqual([{ address: '8.8.8.8', family: 4 }]);
    const resolve = async () => [
      { address: '8.8.8.8', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    await expect(resolvePeers('calendar.example.com', { resolve })).rejects.toMatchObject({
      address: '10.0.0.1',
    });
    await expect(resolvePeers('calendar.example.com', { resolve: async () => [] })).rejects.toMatchObject({
      code: 'ENOTFOUND',
    });
    await expect(resolvePeers('127.0.0.1', { allowPrivateAddresses: true })).resolves.toHaveLength(1);
    await expect(resolvePeers('127.0.0.1', { allowAddresses: ['::ffff:127.0.0.1'] })).rejects.toThrow();
    await expect(resolvePeers('127.0.0.1', { allowAddresses: ['127.0.0.1'] })).resolves.toHaveLength(1);
  });
});

describe('connecting through the guard', () => {
  let plain: net.Server;
  let port = 0;
  const received: string[] = [];
  let secure: https.Server;
  let securePort = 0;
  const seen: { servername: string | false | null }[] = [];
  beforeAll(async () => {
    plain = net.createServer((socket) => {
      socket.on('data', (d) => received.push(String(d)));
      socket.on('error', () => {});
    });
    await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
    port = (plain.address() as AddressInfo).port;
    secure = https.createServer({ cert: CERT, key: KEY }, (req, res) => {
      seen.push({ servername: (req.socket as TLSSocket).servername });
      res.end('secure ok');
    });
    await new Promise<void>((resolve) => secure.listen(0, '127.0.0.1', resolve));
    securePort = (secure.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => plain.close(() => resolve()));
    await new Promise<void>((resolve) => secure.close(() => resolve()));
  });

  it('destroys a connected socket whose real peer is refused (the connect-time check)', async () => {
    const socket = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => socket.once('connect', resolve));
    expect(checkPeer(socket, { allowAddresses: ['127.0.0.2'] })).toBeInstanceOf(PrivateAddressError);
    expect(socket.destroyed).toBe(true);
    const other = net.connect({ host: '127.0.0.1', port });
    await new Promise((resolve) => other.once('connect', resolve));
    expect(checkPeer(other, { allowPrivateAddresses: true })).toBeNull();
    expect(other.destroyed).toBe(false);
    other.destroy();
  });

  it('refuses a private peer without writing to it, and connects an allowed one', async () => {
    const connect = (host: string, policy: Parameters<typeof connectPublic>[1]) =>
      new Promise<net.Socket>((resolve, reject) =>
        connectPublic({ host, port }, policy, (err, socket) => (err ? reject(err) : resolve(socket!))),
      );
    await expect(connect('[::ffff:127.0.0.1]', {})).rejects.toBeInstanceOf(PrivateAddressError);
    await expect(
      connect('calendar.example.com', { resolve: async () => [{ address: '127.0.0.1', family: 4 }] }),
    ).rejects.toBeInstanceOf(PrivateAddressError);
    const socket = await connect('calendar.example.com', {
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
      allowAddresses: ['127.0.0.1'],
    });
    expect(socket.remoteAddress).toBe('127.0.0.1');
    socket.end('hello');
    await vi.waitFor(() => expect(received).toContain('hello'), { timeout: 5_000, interval: 5 });
    expect(received).toEqual(['hello']);
  });

  it('times out resolving and connecting', async () => {
    const err = await new Promise<Error | null>((resolve) =>
      connectPublic(
        { host: 'slow.example.com', port },
        { resolve: () => new Promise(() => {}), connectTimeoutMs: 50 },
        (e) => resolve(e),
      ),
    );
    expect(err).toMatchObject({ code: 'ETIMEDOUT' });
  });

  it('speaks TLS to an allowed peer with the name checked against the certificate, for https.get', async () => {
    const get = (url: string) =>
      new Promise<string>((resolve, reject) => {
        https
          .get(
            url,
            {
              createConnection: guardedConnection(
                { resolve: async () => [{ address: '127.0.0.1', family: 4 }], allowAddresses: ['127.0.0.1'] },
                true,
              ),
              defaultPort: 443,
              ca: CERT,
            },
            (res) => {
              let body = '';
              res.on('data', (d) => (body += String(d)));
              res.on('end', () => resolve(body));
            },
          )
          .on('error', reject);
      });
    expect(await get(`https://calendar.test:${securePort}/`)).toBe('secure ok');
    expect(seen.at(-1)).toEqual({ servername: 'calendar.test' });
    await expect(get(`https://other.test:${securePort}/`)).rejects.toMatchObject({
      code: 'ERR_TLS_CERT_ALTNAME_INVALID',
    });
    const before = seen.length;
    await expect(
      new Promise((resolve, reject) =>
        https
          .get(`https://calendar.test:${securePort}/`, {
            createConnection: guardedConnection(
              { resolve: async () => [{ address: '127.0.0.1', family: 4 }] },
              true,
            ),
            defaultPort: 443,
            ca: CERT,
          })
          .on('response', resolve)
          .on('error', reject),
      ),
    ).rejects.toBeInstanceOf(PrivateAddressError);
    expect(seen.length).toBe(before);
  });

  it('uses the right default port and Host header over plain http', async () => {
    const server = http.createServer((req, res) => res.end(req.headers.host));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const p = (server.address() as AddressInfo).port;
    const body = await new Promise<string>((resolve, reject) =>
      http
        .get(
          `http://calendar.example.com:${p}/`,
          {
            createConnection: guardedConnection(
              { resolve: async () => [{ address: '127.0.0.1', family: 4 }], allowAddresses: ['127.0.0.1'] },
              false,
            ),
            defaultPort: 80,
          },
          (res) => {
            let text = '';
            res.on('data', (d) => (text += String(d)));
            res.on('end', () => resolve(text));
          },
        )
        .on('error', reject),
    );
    expect(body).toBe(`calendar.example.com:${p}`);
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
});
