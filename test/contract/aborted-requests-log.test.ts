import { request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHistory } from '../support/data-helpers';
import { eventually } from '../support/history-helpers';
import { startTestPlatform, type TestPlatform, type TestUser } from '../support/test-platform';
import { capturedLog } from '../support/captured-log';

const { log, lines } = capturedLog();

let h: TestPlatform;
let alice: TestUser;
let historyId: string;
let server: Server;
let port: number;

beforeAll(async () => {
  h = await startTestPlatform({}, { log });
  alice = await h.newUser('alice');
  historyId = await createHistory(h, alice.key);
  server = h.platform.http.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await h.close();
});

/** Sends the headers and part of a body announced as larger, then destroys the socket. */
function abortMidBody(path: string, contentType: string, firstPart: string | Buffer, declaredLength: number): Promise<void> {
  return new Promise((resolve) => {
    const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path, headers: { 'content-type': contentType, 'content-length': String(declaredLength) } });
    req.on('error', () => resolve());
    req.write(firstPart, () =>
      setTimeout(() => {
        req.destroy();
        resolve();
      }, 150),
    );
  });
}

const ERROR = 50;

async function expectLoggedAsAborted(path: string): Promise<void> {
  const aborted = await eventually(async () => lines.find((line) => line.path === path && line.msg === 'request aborted by the client'), 5000, `the aborted request to ${path} in the log`);
  expect(aborted.level).toBe(30);
  // Give any late error line time to arrive before looking for one.
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
}

describe('a client that goes away mid-request (fuzz finding: logged at error level as an uncaught exception)', () => {
  beforeEach(() => {
    lines.length = 0;
  });

  it('a JSON body cut short is logged as an aborted request (info), not as an error', async () => {
    await abortMidBody(`/api/histories?key=${alice.key}`, 'application/json', '{"name": "cut', 100_000);
    await expectLoggedAsAborted('/api/histories');
  });

  it('a form-encoded body cut short is logged as an aborted request (info), not as an error', async () => {
    await abortMidBody(`/api/histories/${historyId}/contents?key=${alice.key}`, 'application/x-www-form-urlencoded', 'source=hda&content=', 100_000);
    await expectLoggedAsAborted(`/api/histories/${historyId}/contents`);
  });

  it('a multipart upload whose socket is destroyed half way is logged as an aborted request (info), not as an error', async () => {
    const boundary = 'cut-short-boundary';
    const head = Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="tool_id"\r\n\r\nupload1\r\n` +
        `--${boundary}\r\nContent-Disposition: form-data; name="files_0|file_data"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    await abortMidBody(`/api/tools?key=${alice.key}`, `multipart/form-data; boundary=${boundary}`, Buffer.concat([head, Buffer.alloc(256 * 1024, 'a')]), 1024 * 1024);
    await expectLoggedAsAborted('/api/tools');
  });

  it('multipart uploads cut at once, while their file is being written, leave no unhandled rejection (error) in the log', async () => {
    const boundary = 'cut-at-once';
    const part = `--${boundary}\r\nContent-Disposition: form-data; name="files_0|file_data"; filename="cut.txt"\r\n\r\n${'x'.repeat(20_000)}`;
    for (let i = 0; i < 30; i += 1) {
      await new Promise<void>((resolve) => {
        const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: `/api/tools?key=${alice.key}`, headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': '1000000' } });
        req.on('error', () => resolve());
        req.write(part, () => {
          req.destroy();
          resolve();
        });
      });
    }
    await eventually(async () => lines.filter((line) => line.msg === 'request aborted by the client').length === 30, 5000, 'the 30 aborted requests in the log');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
  });

  it('a GraphQL request cut short is logged as an aborted request (info), not as an error', async () => {
    await abortMidBody(`/graphql?key=${alice.key}`, 'application/json', '{"query": "{ histories { id', 100_000);
    await expectLoggedAsAborted('/graphql');
  });
});

describe('GraphQL client errors are logged as the client errors they are (info), never as uncaught exceptions', () => {
  beforeEach(() => {
    lines.length = 0;
  });

  const unknownHash = { persistedQuery: { version: 1, sha256Hash: 'a'.repeat(64) } };
  const cases: Array<[string, () => Promise<{ status: number; body: { errors?: Array<{ message: string; extensions?: { code?: string } }> } }>, number, string]> = [
    ['a persisted query whose hash does not match its text', () => h.api.post('/graphql').send({ query: '{ __typename }', extensions: unknownHash }), 400, 'RequestParameterInvalidException'],
    ['a persisted query the server does not know (PersistedQueryNotFound)', () => h.api.post('/graphql').send({ extensions: unknownHash }), 200, 'PERSISTED_QUERY_NOT_FOUND'],
    ['a subscription sent over POST (they go over WebSocket)', () => h.api.post('/graphql').send({ query: 'subscription { historyItemChanged(historyId: "f2db41e1fa331b3e") { __typename } }' }), 400, 'RequestParameterInvalidException'],
    ['a body that is not JSON', () => h.api.post('/graphql').set('content-type', 'application/json').send('{"query": '), 400, 'UserInvalidJson'],
    ['a mutation sent with GET', () => h.api.get('/graphql').set('apollo-require-preflight', 'true').query({ query: 'mutation { __typename }' }), 405, 'BAD_REQUEST'],
    [
      'a multipart request whose operations are not JSON',
      () => h.api.post('/graphql').set('apollo-require-preflight', 'true').field('operations', 'nope').field('map', '{}'),
      400,
      'RequestParameterInvalidException',
    ],
    [
      'a multipart request cut off before its closing boundary',
      () =>
        h.api
          .post('/graphql')
          .set('apollo-require-preflight', 'true')
          .set('content-type', 'multipart/form-data; boundary=XB')
          .send('--XB\r\nContent-Disposition: form-data; name="operations"\r\n\r\n{"query": "{ __typename }"}'),
      400,
      'RequestParameterInvalidException',
    ],
  ];

  it.each(cases)('%s', async (_name, call, status, code) => {
    const res = await call();
    expect(res.status).toBe(status);
    expect(res.body.errors?.[0]?.extensions?.code).toBe(code);
    await eventually(async () => lines.find((line) => line.path === '/graphql' && line.msg === 'request'), 5000, 'the request line');
    expect(lines.filter((line) => line.level >= ERROR)).toEqual([]);
    expect(lines.filter((line) => /uncaught/i.test(line.msg))).toEqual([]);
    expect(lines.filter((line) => JSON.stringify(line.err ?? {}).includes('stack'))).toEqual([]);
  });

  it('a multipart body cut off before its closing boundary on a REST route is one 400, logged without error', async () => {
    const res = await h.api
      .post('/api/tools')
      .query({ key: alice.key })
      .set('content-type', 'multipart/form-data; boundary=XB')
      .send('--XB\r\nContent-Disposition: form-data; name="f"; filename="a"\r\n\r\nabc');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ err_msg: 'Malformed multipart request: the body ends before its closing boundary.', err_code: 400008 });
    await eventually(async () => lines.find((line) => line.path === '/api/tools' && line.msg === 'request'), 5000, 'the request line');
    expect(lines.filter((line) => line.level >= ERROR || /uncaught/i.test(line.msg))).toEqual([]);
  });
});
