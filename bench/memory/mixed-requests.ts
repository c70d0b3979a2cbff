import { request as httpRequest } from 'node:http';

/** What the mixed load works on: keys and ids seeded before it starts. */
export interface Fixture {
  baseUrl: string;
  userKey: string;
  otherKey: string;
  historyId: string;
  datasetIds: string[];
  jobId: string;
}

type Send = (fixture: Fixture, i: number) => Promise<unknown>;

async function call(fixture: Fixture, method: string, path: string, options: { key?: string; body?: string; type?: string } = {}): Promise<number> {
  const headers: Record<string, string> = {};
  if (options.key) headers['x-api-key'] = options.key;
  if (options.type) headers['content-type'] = options.type;
  const res = await fetch(`${fixture.baseUrl}${path}`, { method, headers, body: options.body });
  await res.arrayBuffer();
  return res.status;
}

const json = (value: unknown) => ({ body: JSON.stringify(value), type: 'application/json' });

/** A body announced longer than sent, then the socket destroyed: a client that goes away. */
function abortedUpload(fixture: Fixture): Promise<void> {
  const url = new URL(`${fixture.baseUrl}/api/tools`);
  return new Promise((resolve) => {
    const boundary = 'bench-boundary';
    const req = httpRequest({ host: url.hostname, port: url.port, method: 'POST', path: `/api/tools?key=${fixture.userKey}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '1000000' } });
    req.on('error', () => resolve());
    req.write(`--${boundary}\r\nContent-Disposition: form-data; name="files_0|file_data"; filename="cut.txt"\r\n\r\n${'x'.repeat(20_000)}`, () => {
      req.destroy();
      resolve();
    });
  });
}

const dataset = (f: Fixture, i: number) => f.datasetIds[i % f.datasetIds.length];

/** Reads (about half), writes, bad inputs, GraphQL, uploads and aborted requests, by weight. */
const MIX: Array<[weight: number, send: Send]> = [
  [8, (f) => call(f, 'GET', '/api/histories', { key: f.userKey })],
  [8, (f) => call(f, 'GET', `/api/histories/${f.historyId}`, { key: f.userKey })],
  [8, (f) => call(f, 'GET', `/api/histories/${f.historyId}/contents`, { key: f.userKey })],
  [8, (f, i) => call(f, 'GET', `/api/datasets/${dataset(f, i)}`, { key: f.userKey })],
  [4, (f) => call(f, 'GET', `/api/jobs/${f.jobId}`, { key: f.userKey })],
  [4, (f) => call(f, 'GET', '/api/users/current', { key: f.userKey })],
  [4, (f) => call(f, 'GET', '/api/tools?in_panel=false', { key: f.userKey })],
  [4, (f, i) => call(f, 'GET', `/api/datasets/${dataset(f, i)}/display`, { key: f.userKey })],
  [3, (f) => call(f, 'GET', '/api/version')],
  // writes
  [4, async (f, i) => {
    const created = await fetch(`${f.baseUrl}/api/histories`, { method: 'POST', headers: { 'x-api-key': f.userKey, 'content-type': 'application/json' }, body: JSON.stringify({ name: `load ${i}` }) });
    const history = (await created.json()) as { id?: string };
    if (history.id) await call(f, 'DELETE', `/api/histories/${history.id}`, { key: f.userKey, ...json({ purge: true }) });
  }],
  [4, (f, i) => call(f, 'PUT', `/api/histories/${f.historyId}`, { key: f.userKey, ...json({ annotation: `note ${i}` }) })],
  [3, (f, i) => call(f, 'PUT', `/api/histories/${f.historyId}/contents/${dataset(f, i)}`, { key: f.userKey, ...json({ name: `dataset ${i}` }) })],
  [2, (f, i) => call(f, 'POST', `/api/histories/${f.historyId}/tags/t${i % 50}`, { key: f.userKey })],
  // bad inputs
  [3, (f) => call(f, 'GET', '/api/histories/not-an-id', { key: f.userKey })],
  [3, (f) => call(f, 'GET', '/api/datasets/f7bb1edd6b95db62', { key: f.userKey })],
  [3, (f) => call(f, 'POST', '/api/histories', { key: f.userKey, body: '{"name": ', type: 'application/json' })],
  [3, (f, i) => call(f, 'GET', '/api/histories', { key: `wrong-key-${i}` })],
  [2, (f) => call(f, 'GET', `/api/histories/${f.historyId}`, { key: f.otherKey })],
  [2, (f, i) => call(f, 'GET', `/api/no/such/route/${i}`)],
  [2, (f, i) => call(f, 'POST', `/api/histories/${f.historyId}/contents`, { key: f.userKey, ...json({ source: 'hda', content: `bad${i}`, type: 7 }) })],
  [2, (f, i) => call(f, 'GET', `/api/histories?q=${'name'.repeat(i % 200)}&qv=${'x'.repeat(i % 500)}`, { key: f.userKey })],
  // GraphQL: a valid query with a different text each time, a syntax error, a too deep one
  [2, (f, i) => call(f, 'POST', '/graphql', { key: f.userKey, ...json({ query: `{ h${i}: histories { id name } }` }) })],
  [1, (f) => call(f, 'POST', '/graphql', { key: f.userKey, ...json({ query: '{ histories { id name ' }) })],
  [1, (f) => call(f, 'POST', '/graphql', { key: f.userKey, ...json({ query: `{ histories { ${'id '.repeat(3)} } ${'{'.repeat(40)} }` }) })],
  // uploads: pasted text and a multipart file, and a URL to a private address (refused)
  [2, (f, i) => call(f, 'POST', '/api/tools', { key: f.userKey, ...json({ tool_id: 'upload1', history_id: f.historyId, inputs: { 'files_0|url_paste': `line ${i}\n`, 'files_0|type': 'upload_dataset', file_type: 'txt' } }) })],
  [1, (f, i) => {
    const form = new FormData();
    form.set('tool_id', 'upload1');
    form.set('history_id', f.historyId);
    form.set('files_0|file_data', new Blob([`file ${i}\n`.repeat(100)]), 'bench.txt');
    return fetch(`${f.baseUrl}/api/tools`, { method: 'POST', headers: { 'x-api-key': f.userKey }, body: form }).then((res) => res.arrayBuffer());
  }],
  [1, (f) => call(f, 'POST', '/api/tools', { key: f.userKey, ...json({ tool_id: 'upload1', history_id: f.historyId, inputs: { 'files_0|url_paste': 'http://127.0.0.1:9/x', 'files_0|type': 'upload_dataset', file_type: 'txt' } }) })],
  [1, (f) => abortedUpload(f)],
];

const WHEEL: Send[] = MIX.flatMap(([weight, send]) => Array<Send>(weight).fill(send));

/** Request number i of the mix (deterministic, so runs compare). */
export function mixedRequest(fixture: Fixture, i: number): Promise<unknown> {
  const send = WHEEL[(i * 7919) % WHEEL.length] as Send;
  return send(fixture, i).catch(() => undefined);
}

export const MIX_SIZE = WHEEL.length;
