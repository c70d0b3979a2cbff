import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, readdir, readFile, realpath, symlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ArchiveSourceError, fetchArchiveSource, type FetchArchiveOptions } from '../../../src/histories-archive';
import { tempDirs } from './helpers';

const dirs = tempDirs();
const ARCHIVE_BYTES = Buffer.from('pretend this is a tar.gz '.repeat(1000));

let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    response.on('error', () => undefined);
    switch (request.url) {
      case '/history.tar.gz':
        response.writeHead(200, { 'content-type': 'application/gzip' });
        response.end(ARCHIVE_BYTES);
        return;
      case '/endless': {
        // No content-length: only counting the streamed bytes can stop this one.
        response.writeHead(200);
        const chunk = Buffer.alloc(16 * 1024, 1);
        let sent = 0;
        const pump = (): void => {
          while (sent < 64 * 1024 * 1024 && !response.destroyed) {
            sent += chunk.length;
            if (!response.write(chunk)) {
              response.once('drain', pump);
              return;
            }
          }
          response.end();
        };
        pump();
        return;
      }
      case '/declared-large':
        response.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        response.write(Buffer.alloc(1024));
        return;
      default:
        response.writeHead(404);
        response.end('not found');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function setup(): Promise<{ root: string; options: FetchArchiveOptions }> {
  const root = await dirs.make();
  const importDir = join(root, 'imports');
  await mkdir(join(importDir, 'lab'), { recursive: true });
  await writeFile(join(importDir, 'lab', 'history.tar.gz'), ARCHIVE_BYTES);
  await writeFile(join(root, 'secret.tar.gz'), 'outside');
  return { root, options: { importDir, tmpDir: join(root, 'tmp'), maxBytes: 1024 * 1024, allowPrivate: true } };
}

async function expectSourceError(promise: Promise<string>, message: RegExp): Promise<void> {
  await expect(promise).rejects.toBeInstanceOf(ArchiveSourceError);
  await expect(promise).rejects.toThrow(message);
}

describe('fetchArchiveSource over http', () => {
  it('downloads a 200 answer to a file in tmpDir', async () => {
    const { options } = await setup();
    const path = await fetchArchiveSource(`${baseUrl}/history.tar.gz`, options);
    expect(path.startsWith(options.tmpDir)).toBe(true);
    expect((await readFile(path)).equals(ARCHIVE_BYTES)).toBe(true);
  });

  it('refuses a 404 and leaves nothing behind', async () => {
    const { options } = await setup();
    await expectSourceError(fetchArchiveSource(`${baseUrl}/nope`, options), /failed with HTTP status 404/);
    expect(await readdir(options.tmpDir).catch(() => [])).toEqual([]);
  });

  it('stops a streamed download past maxBytes and removes the partial file', async () => {
    const { options } = await setup();
    await expectSourceError(fetchArchiveSource(`${baseUrl}/endless`, options), /larger than 1048576 bytes/);
    expect(await readdir(options.tmpDir)).toEqual([]);
  });

  it('refuses a declared length past maxBytes before downloading', async () => {
    const { options } = await setup();
    await expectSourceError(fetchArchiveSource(`${baseUrl}/declared-large`, options), /larger than 1048576 bytes/);
    expect(await readdir(options.tmpDir).catch(() => [])).toEqual([]);
  });

  it('reports a connection failure without the credentials of the URL', async () => {
    const { options } = await setup();
    const failure = fetchArchiveSource('http://user:pw@127.0.0.1:9/a.tar.gz?token=t', options);
    await expectSourceError(failure, /^Could not download http:\/\/127\.0\.0\.1:9\/a\.tar\.gz: connect ECONNREFUSED/);
  });

  it('refuses a loopback URL unless private fetches are allowed', async () => {
    const { options } = await setup();
    await expectSourceError(fetchArchiveSource(`${baseUrl}/history.tar.gz`, { ...options, allowPrivate: false }), /was refused: 127\.0\.0\.1 is not a public address/);
    expect(await readdir(options.tmpDir).catch(() => [])).toEqual([]);
  });
});

describe('fetchArchiveSource from server paths', () => {
  it('accepts absolute, relative and file:// paths inside importDir', async () => {
    const { options } = await setup();
    const expected = await realpath(join(options.importDir ?? '', 'lab', 'history.tar.gz'));
    expect(await fetchArchiveSource(expected, options)).toBe(expected);
    expect(await fetchArchiveSource('lab/history.tar.gz', options)).toBe(expected);
    expect(await fetchArchiveSource(pathToFileURL(expected).href, options)).toBe(expected);
  });

  it('accepts a symlink that stays inside importDir', async () => {
    const { options } = await setup();
    const importDir = options.importDir ?? '';
    await symlink(join(importDir, 'lab', 'history.tar.gz'), join(importDir, 'latest.tar.gz'));
    expect(await fetchArchiveSource('latest.tar.gz', options)).toBe(await realpath(join(importDir, 'lab', 'history.tar.gz')));
  });

  it('refuses paths escaping importDir', async () => {
    const { root, options } = await setup();
    await expectSourceError(fetchArchiveSource('../secret.tar.gz', options), /outside the import directory/);
    await expectSourceError(fetchArchiveSource(join(root, 'secret.tar.gz'), options), /outside the import directory/);
    await expectSourceError(fetchArchiveSource(pathToFileURL(join(root, 'secret.tar.gz')).href, options), /outside the import directory/);
    await expectSourceError(fetchArchiveSource('/etc/passwd', options), /outside the import directory/);
  });

  it('refuses a symlink inside importDir that points outside it', async () => {
    const { root, options } = await setup();
    await symlink(join(root, 'secret.tar.gz'), join(options.importDir ?? '', 'lab', 'sneaky.tar.gz'));
    await symlink(root, join(options.importDir ?? '', 'up'));
    await expectSourceError(fetchArchiveSource('lab/sneaky.tar.gz', options), /outside the import directory/);
    await expectSourceError(fetchArchiveSource('up/secret.tar.gz', options), /outside the import directory/);
  });

  it('refuses paths when no importDir is configured', async () => {
    const { options } = await setup();
    await expectSourceError(fetchArchiveSource('lab/history.tar.gz', { ...options, importDir: null }), /not enabled/);
    await expectSourceError(fetchArchiveSource('file:///etc/passwd', { ...options, importDir: null }), /not enabled/);
  });

  it('refuses missing files, directories and other schemes', async () => {
    const { options } = await setup();
    await expectSourceError(fetchArchiveSource('lab/missing.tar.gz', options), /was not found/);
    await expectSourceError(fetchArchiveSource('lab', options), /is not a file/);
    await expectSourceError(fetchArchiveSource('ftp://example.org/a.tar.gz', options), /"ftp:" is not supported/);
    await expectSourceError(fetchArchiveSource('file://remote-host/a.tar.gz', options), /must name a local path/);
    await expectSourceError(fetchArchiveSource('', options), /No archive source/);
  });
});
