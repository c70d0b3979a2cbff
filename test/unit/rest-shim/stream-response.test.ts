import express from 'express';
import type { ExecutionResult } from 'graphql';
import { get as httpGet, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { streamEvents } from '../../../rest-shim/core/stream-response';
import { HDA_SUMMARY_KEYS, hdaDict, hdaSummaryJson } from '../../../rest-shim/serializers/hda.reply';
import { createLogger } from '../../../src/logging/logger';

type Batch = { items: number[] };

/** Events of batches, then (optionally) a failure; records whether `return()` ended them. */
function events(batches: Batch[], failAfter: boolean): { iterator: AsyncIterableIterator<ExecutionResult>; returned: () => boolean } {
  let next = 0;
  let returned = false;
  const iterator: AsyncIterableIterator<ExecutionResult> = {
    async next() {
      if (next < batches.length) return { value: { data: batches[next++] as unknown as Record<string, unknown> }, done: false };
      if (failAfter) throw new Error('the read failed');
      return { value: undefined, done: true };
    },
    async return() {
      returned = true;
      return { value: undefined, done: true };
    },
    [Symbol.asyncIterator]() {
      return iterator;
    },
  };
  return { iterator, returned: () => returned };
}

let server: Server;
let port: number;
let current: ReturnType<typeof events>;
let lateDone = false;

beforeAll(async () => {
  const app = express();
  const log = createLogger('silent');
  app.get('/list', async (_req, res) => {
    try {
      await streamEvents(res, current.iterator, (data) => (data as Batch).items.map(String).join(','), log);
    } catch (error) {
      res.status(500).json({ refused: String(error) });
    }
  });
  // The client goes away while the operation subscribes, before anything is written.
  app.get('/late', (req, res) => {
    res.on('close', () => {
      setTimeout(() => {
        streamEvents(res, current.iterator, (data) => (data as Batch).items.map(String).join(','), log).then(() => (lateDone = true));
      }, 10);
    });
  });
  server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The status and body text, or the error that cut the answer. */
function fetchList(): Promise<{ status?: number; body: string; error?: string }> {
  return new Promise((resolve) => {
    httpGet({ host: '127.0.0.1', port, path: '/list' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, body }));
      res.on('error', (error) => resolve({ status: res.statusCode, body, error: error.message }));
    }).on('error', (error) => resolve({ body: '', error: error.message }));
  });
}

describe('streamEvents: a listing written batch by batch', () => {
  it('writes one JSON array of every batch, empty batches left out, and ends the events', async () => {
    current = events([{ items: [1, 2] }, { items: [] }, { items: [3] }], false);
    expect(await fetchList()).toEqual({ status: 200, body: '[1,2,3]' });
    expect(current.returned()).toBe(true);
  });

  it('answers [] for no items', async () => {
    current = events([{ items: [] }], false);
    expect(await fetchList()).toEqual({ status: 200, body: '[]' });
  });

  it('lets a failure before the first batch reach the caller (an error answer, nothing written)', async () => {
    current = events([], true);
    expect(await fetchList()).toEqual({ status: 500, body: '{"refused":"Error: the read failed"}' });
    current = events([], false);
    const refused = streamEvents(null as never, { errors: [new Error('refused') as never] }, () => '', createLogger('silent'));
    await expect(refused).rejects.toThrow('refused');
  });

  it('answers a listing of one batch in one write with its length, not chunked', async () => {
    current = events([{ items: [1, 2, 3] }], false);
    const headers = await new Promise<Record<string, unknown>>((resolve) => {
      httpGet({ host: '127.0.0.1', port, path: '/list' }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.headers));
      });
    });
    expect(headers['content-length']).toBe('7');
    expect(headers['transfer-encoding']).toBeUndefined();
  });

  it('lets a failure before anything was written reach the caller, the first batch held back included', async () => {
    current = events([{ items: [1, 2] }], true);
    expect(await fetchList()).toEqual({ status: 500, body: '{"refused":"Error: the read failed"}' });
    expect(current.returned()).toBe(true);
  });

  it('cuts the answer after a failure mid-stream: never a complete-looking array', async () => {
    current = events([{ items: [1, 2] }, { items: [3] }], true);
    const answer = await fetchList();
    expect(answer.error).toBeDefined();
    expect(answer.body.endsWith(']')).toBe(false);
    expect(current.returned()).toBe(true);
  });
});

describe('streamEvents: a client gone before the first write', () => {
  it('ends the events at once (the read released), never waiting on a drain that cannot come', async () => {
    current = events([{ items: Array.from({ length: 100_000 }, (_, i) => i) }, { items: [1] }], false);
    const req = httpGet({ host: '127.0.0.1', port, path: '/late' }).on('error', () => undefined);
    await new Promise((resolve) => setTimeout(resolve, 50));
    req.destroy();
    const deadline = Date.now() + 3000;
    while (!lateDone && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(lateDone).toBe(true);
    expect(current.returned()).toBe(true);
  });
});

describe('hdaSummaryJson', () => {
  it('writes the bytes JSON.stringify writes of the summary dictionary', () => {
    const hda = {
      __typename: 'HistoryContent', id: 'f2db41e1fa331b3e', name: 'a "quoted"\nname \u2028 é', hid: 7, extension: 'txt', deleted: false, purged: false,
      visible: true, state: 'ok', history_id: '1cd8e2f6b131e891', dataset_id: 'ebfb8f50c6abde6d',
    };
    expect(hdaSummaryJson(hda)).toBe(JSON.stringify(hdaDict(hda, HDA_SUMMARY_KEYS)));
    expect(hdaSummaryJson({ ...hda, name: null })).toBe(JSON.stringify(hdaDict({ ...hda, name: null }, HDA_SUMMARY_KEYS)));
    for (const odd of [{ id: 'a"b' }, { history_id: 'x y' }, { hid: Number.NaN }, { extension: 'tab\\ular' }, { state: null }, { deleted: null }]) {
      expect(hdaSummaryJson({ ...hda, ...odd })).toBe(JSON.stringify(hdaDict({ ...hda, ...odd }, HDA_SUMMARY_KEYS)));
    }
    const { state: _state, ...withoutState } = hda;
    expect(hdaSummaryJson(withoutState)).toBe(JSON.stringify(hdaDict(withoutState, HDA_SUMMARY_KEYS)));
  });
});
