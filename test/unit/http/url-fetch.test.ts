import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { downloadToFile, isPublicAddress, openUrl, UrlFetchError, type UrlFetchPolicy } from '../../../src/http/url-fetch';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1', '127.255.0.9', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1', '100.127.255.254',
    '169.254.169.254', '0.0.0.0', '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.2.10', '198.18.0.1',
    '::', '::1', 'fe80::1', 'fe80::1%eth0', 'fc00::1', 'fd12:3456::1', 'ff02::1', 'fec0::1', '2001:db8::1', '2001::1',
    '::ffff:127.0.0.1', '::ffff:7f00:1', '::ffff:10.0.0.1', '::ffff:169.254.169.254', '64:ff9b::a00:1', '2002:7f00:1::1', '::127.0.0.1',
    '[::1]', 'localhost', 'not an address', '',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '193.0.2.1', '2606:4700:4700::1111', '2a00:1450:4001::200e', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '[2606:4700::1]'])(
    'accepts %s',
    (address) => {
      expect(isPublicAddress(address)).toBe(true);
    },
  );
});

describe('openUrl and downloadToFile under the URL policy', () => {
  let server: Server;
  let port: number;
  let dir: string;
  const refuse: UrlFetchPolicy = { allowPrivate: false };
  // The test server lives on 127.0.0.1: let that one address through to test what follows it.
  const onlyFirstServer: UrlFetchPolicy = { allowPrivate: false, allowAddress: (address) => address === '127.0.0.1' };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/file') return void res.end('payload\n');
      if (url.pathname === '/to-loopback') return void res.writeHead(302, { location: `http://127.0.0.2:${port}/file` }).end();
      if (url.pathname === '/to-mapped') return void res.writeHead(307, { location: `http://[::ffff:7f00:2]:${port}/file` }).end();
      if (url.pathname === '/relative') return void res.writeHead(301, { location: '/file' }).end();
      if (url.pathname === '/loop') return void res.writeHead(302, { location: `/loop?n=${Number(url.searchParams.get('n') ?? 0) + 1}` }).end();
      if (url.pathname === '/endless') {
        res.writeHead(200);
        const chunk = Buffer.alloc(64 * 1024, 97);
        const pump = (): void => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', pump);
        };
        return void pump();
      }
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
    dir = await mkdtemp(join(tmpdir(), 'url-fetch-'));
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await rm(dir, { recursive: true, force: true });
  });

  const kindOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'fetched',
      (error: unknown) => (error instanceof UrlFetchError ? `${error.kind}: ${error.message}` : String(error)),
    );

  it('refuses a loopback address literal by default, and fetches it when private fetches are allowed', async () => {
    expect(await kindOf(openUrl(new URL(`http://127.0.0.1:${port}/file`), refuse))).toMatch(/^refused: 127\.0\.0\.1 is not a public address/);
    expect(await kindOf(openUrl(new URL(`http://[::1]:${port}/file`), refuse))).toMatch(/^refused: ::1 is not a public address/);
    const response = await openUrl(new URL(`http://127.0.0.1:${port}/file`), { allowPrivate: true });
    response.resume();
    expect(response.statusCode).toBe(200);
  });

  it('refuses a host name that resolves to a loopback address (checked after DNS resolution)', async () => {
    expect(await kindOf(openUrl(new URL(`http://localhost:${port}/file`), refuse))).toMatch(/^refused: localhost \((127\.0\.0\.1|::1)\) is not a public address/);
  });

  it('checks every redirect target: a private address or an IPv4-mapped loopback address is refused after a redirect', async () => {
    expect(await kindOf(openUrl(new URL(`http://127.0.0.1:${port}/relative`), onlyFirstServer))).toBe('fetched');
    expect(await kindOf(openUrl(new URL(`http://127.0.0.1:${port}/to-loopback`), onlyFirstServer))).toMatch(/^refused: 127\.0\.0\.2 is not a public address/);
    expect(await kindOf(openUrl(new URL(`http://127.0.0.1:${port}/to-mapped`), onlyFirstServer))).toMatch(/^refused: ::ffff:7f00:2 is not a public address/);
  });

  it('follows at most 5 redirects', async () => {
    expect(await kindOf(openUrl(new URL(`http://127.0.0.1:${port}/loop`), { allowPrivate: true }))).toBe('redirects: more than 5 redirects');
  });

  it('reports other statuses and other schemes', async () => {
    expect(await kindOf(openUrl(new URL(`http://127.0.0.1:${port}/missing`), { allowPrivate: true }))).toBe('status: HTTP 404');
    expect(await kindOf(openUrl(new URL('ftp://127.0.0.1/x'), { allowPrivate: true }))).toMatch(/^scheme:/);
  });

  it('stops a streamed body past maxBytes and removes the partial file', async () => {
    const target = join(dir, 'endless');
    expect(await kindOf(downloadToFile(new URL(`http://127.0.0.1:${port}/endless`), target, { policy: { allowPrivate: true }, maxBytes: 1024 * 1024 }))).toBe(
      'too-large: larger than 1048576 bytes',
    );
    expect(await readdir(dir)).toEqual([]);
  });

  it('writes a small body whole', async () => {
    const target = join(dir, 'small');
    expect(await downloadToFile(new URL(`http://127.0.0.1:${port}/file`), target, { policy: { allowPrivate: true }, maxBytes: 100 })).toBe(8);
    expect(await readFile(target, 'utf8')).toBe('payload\n');
    await rm(target);
  });
});
