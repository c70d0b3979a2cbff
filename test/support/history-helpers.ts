import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Stream } from 'node:stream';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Parser, type ReadEntry } from 'tar';
import type { TestPlatform } from './test-platform';
import { pollPause } from './poll-pause';
import { patient } from './patience';

/** The keys of each history view (platform-facts §4.1), sorted. */
export const HISTORY_SUMMARY_KEYS = ['annotation', 'deleted', 'id', 'model_class', 'name', 'published', 'purged', 'tags', 'url'];
export const HISTORY_DETAILED_KEYS = [
  ...HISTORY_SUMMARY_KEYS,
  'contents_url', 'create_time', 'empty', 'genome_build', 'importable', 'nice_size', 'size', 'slug', 'state',
  'state_details', 'state_ids', 'update_time', 'user_id', 'username_and_slug',
].sort();

/** Every dataset state, as state_details and state_ids key them. */
export const DATASET_STATES = ['new', 'upload', 'queued', 'running', 'ok', 'empty', 'error', 'discarded', 'paused', 'setting_metadata', 'failed_metadata'];

/** An encoded id no record has (42 under the default secret) and one that cannot be decoded. */
export const UNKNOWN_ID = 'f7bb1edd6b95db62';
export const MALFORMED_ID = '1234567890123456';

export const sortedKeys = (item: Record<string, unknown>) => Object.keys(item).sort();

/** Waits for a condition on the platform (a background task, a job), polling. */
export async function eventually<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 30000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + patient(timeoutMs);
  for (let attempt = 0; ; attempt += 1) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await pollPause(attempt);
  }
}

export interface AnonymousSession {
  /** The `galaxysession=<value>` pair to send as the Cookie header. */
  cookie: string;
  historyId: string;
  datasetId: string;
  jobId: string;
}

/**
 * An anonymous browser session as the platform makes one: an upload with no key and no history
 * creates the session (a `galaxysession` cookie) and its current history.
 */
export async function anonymousSession(h: TestPlatform, content = 'anonymous data\n'): Promise<AnonymousSession> {
  const res = await h.api.post('/api/tools').send({
    tool_id: 'upload1',
    inputs: { 'files_0|url_paste': content, 'files_0|type': 'upload_dataset', file_type: 'txt', dbkey: '?' },
  });
  if (res.status !== 200) throw new Error(`anonymous upload: ${res.status} ${JSON.stringify(res.body)}`);
  const cookies = (res.headers['set-cookie'] as unknown as string[] | undefined) ?? [];
  const cookie = cookies.find((c) => c.startsWith('galaxysession='))?.split(';')[0];
  if (!cookie) throw new Error('the anonymous upload set no galaxysession cookie');
  return { cookie, historyId: res.body.outputs[0].history_id, datasetId: res.body.outputs[0].id, jobId: res.body.jobs[0].id };
}

/** Asks for an export until it is ready; returns the download_url. */
export async function waitForExport(h: TestPlatform, key: string, historyId: string, params: Record<string, string> = {}): Promise<string> {
  return eventually(async () => {
    const res = await h.api.put(`/api/histories/${historyId}/exports`).query({ key, ...params });
    if (res.status === 202) return undefined;
    if (res.status !== 200) throw new Error(`export: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.download_url as string;
  }, 30000, `the export of ${historyId}`);
}

/** A response body as raw bytes (archives, dataset files): `.buffer(true).parse(binary)`. */
export function binary(res: Stream, done: (error: Error | null, body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  res.on('data', (chunk: Buffer) => chunks.push(chunk));
  res.on('end', () => done(null, Buffer.concat(chunks)));
}

/** The members of a tar (or tar.gz) archive: path -> content, read with the `tar` package. */
export async function tarMembers(archive: Buffer): Promise<Map<string, Buffer>> {
  const members = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    const parser = new Parser({
      onReadEntry: (entry: ReadEntry) => {
        const chunks: Buffer[] = [];
        entry.on('data', (chunk: Buffer) => chunks.push(chunk));
        entry.on('end', () => members.set(entry.path, Buffer.concat(chunks)));
      },
    });
    parser.on('error', reject);
    parser.on('end', () => resolve());
    parser.end(archive);
  });
  return members;
}

/** Serves one body over plain HTTP on 127.0.0.1 (an archive_source for imports). */
export async function serveOnce(body: Buffer, contentType = 'application/x-gzip'): Promise<{ url: string; requests: () => number; close: () => Promise<void> }> {
  let count = 0;
  const server: Server = createServer((_req, res) => {
    count += 1;
    res.writeHead(200, { 'Content-Type': contentType, 'Content-Length': body.length });
    res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/history.tar.gz`,
    requests: () => count,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A TOOL_DIRS directory holding the given tool XML files (name -> XML). */
export function toolDirectory(tools: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'history-tools-'));
  for (const [name, xml] of Object.entries(tools)) writeFileSync(join(dir, name), xml);
  return dir;
}

/** The encoded dataset ids of a history's contents, in hid order. */
export async function contentIds(h: TestPlatform, key: string, historyId: string): Promise<string[]> {
  const res = await h.api.get(`/api/histories/${historyId}/contents`).query({ key });
  if (res.status !== 200) throw new Error(`contents: ${res.status} ${JSON.stringify(res.body)}`);
  return (res.body as Array<{ id: string; hid: number }>).sort((a, b) => a.hid - b.hid).map((item) => item.id);
}
