import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sweepUploadStore } from '../../src/storage/upload-store-sweep';
import { createHistory } from '../support/data-helpers';
import { eventually } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';

const HOUR_MS = 3600_000;
const TWO_HOURS_AGO = (Date.now() - 2 * HOUR_MS) / 1000;

/** A file in the upload store, made to look `ageSeconds` old. */
function leftFile(store: string, name: string, old: boolean): string {
  const path = join(store, name);
  writeFileSync(path, 'partial upload');
  if (old) utimesSync(path, TWO_HOURS_AGO, TWO_HOURS_AGO);
  return path;
}

describe('the upload store sweep (crash finding: a server killed mid-upload left its partial file forever)', () => {
  it('removes at start a stale file that a killed server left, keeping fresh ones', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sweep-start-'));
    const store = join(dataDir, 'upload_store');
    mkdirSync(store, { recursive: true });
    const orphan = leftFile(store, 'upload-0123456789abcdef01234567', true);
    const fresh = leftFile(store, 'upload-fresh0000000000000000000', false);
    const h = await startTestPlatform({}, { dataDir });
    try {
      await eventually(async () => !existsSync(orphan), 10000, 'the orphan to be swept at start');
      expect(existsSync(fresh)).toBe(true);
    } finally {
      await h.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  describe('with queued upload jobs (no local workers)', () => {
    let h: TestPlatform;
    let alice: TestUser;
    let historyId: string;
    let server: Server;
    let store: string;
    const options = () => ({ db: h.platform.services.db, uploadStore: store, graceMs: HOUR_MS, log: h.platform.services.log });

    beforeAll(async () => {
      h = await startTestPlatform({ LOCAL_JOB_WORKERS: '0' });
      alice = await h.newUser('alice');
      historyId = await createHistory(h, alice.key);
      store = h.platform.services.layout.uploadStore;
      server = h.platform.http.app.listen(0, '127.0.0.1');
      await new Promise((resolve) => server.once('listening', resolve));
    });
    afterAll(async () => {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await h.close();
    });

    it('removes a stale orphan, and keeps a stale file that an unfinished upload job still reads', async () => {
      const res = await h.api
        .post('/api/tools')
        .field('key', alice.key)
        .field('tool_id', 'upload1')
        .field('history_id', historyId)
        .field('inputs', JSON.stringify({ 'files_0|type': 'upload_dataset', file_type: 'txt' }))
        .attach('files_0|file_data', Buffer.from('queued upload\n'), 'queued.txt');
      expect(res.status).toBe(200);
      const held = readdirSync(store);
      expect(held).toHaveLength(1);
      utimesSync(join(store, held[0]), TWO_HOURS_AGO, TWO_HOURS_AGO);
      const orphan = leftFile(store, 'upload-orphan0000000000000000000', true);
      expect(await sweepUploadStore(options())).toEqual(['upload-orphan0000000000000000000']);
      expect(existsSync(orphan)).toBe(false);
      expect(readdirSync(store)).toEqual(held);
    });

    it('keeps the file of an upload in flight (being received), which then completes', async () => {
      const { port } = server.address() as AddressInfo;
      const before = new Set(readdirSync(store));
      const boundary = 'in-flight-boundary';
      const answer = new Promise<number>((resolve, reject) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: `/api/tools?key=${alice.key}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }, (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        });
        req.on('error', reject);
        req.write(
          `--${boundary}\r\nContent-Disposition: form-data; name="tool_id"\r\n\r\nupload1\r\n--${boundary}\r\nContent-Disposition: form-data; name="history_id"\r\n\r\n${historyId}\r\n` +
            `--${boundary}\r\nContent-Disposition: form-data; name="files_0|file_data"; filename="slow.txt"\r\nContent-Type: text/plain\r\n\r\nfirst half\n`,
        );
        void eventually(async () => readdirSync(store).some((name) => !before.has(name)), 5000, 'the file being received').then(async () => {
          expect(await sweepUploadStore(options())).toEqual([]);
          req.end(`second half\n\r\n--${boundary}--\r\n`);
        }, reject);
      });
      expect(await answer).toBe(200);
    });
  });
});
