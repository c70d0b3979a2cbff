import { createHash } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { patient } from '../support/patience';
import { type ExtractedFixture, extractFixture } from '../support/carry-over-helpers';
import { call, eventually, type ServerProcess, startServerProcess, stopServerProcess } from '../support/server-processes';

/**
 * The first start of this release on a DATA_DIR of the release whose embedded database was PGlite
 * (test/fixtures/pglite-data-dir, made by that release): its database is carried into the embedded
 * PostgreSQL, with a line per step, and the PGlite directory kept under another name.
 */
describe('npm start on a DATA_DIR written by the PGlite release', () => {
  let fixture: ExtractedFixture;
  let server: ServerProcess;
  beforeAll(async () => {
    fixture = await extractFixture();
    // No MASTER_API_KEY or ID_SECRET: the ones the DATA_DIR keeps, as an operator's restart would.
    server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: fixture.dataDir, DEPOT_PORT: '0', LOG_LEVEL: 'info', ADMIN_USERS: fixture.expected.adminUsers.join(','), MASTER_API_KEY: '', ID_SECRET: '' });
  }, patient(120_000));
  afterAll(async () => {
    await stopServerProcess(server);
    fixture.remove();
  });
  const admin = () => fixture.expected.users.find((user) => user.admin)?.apiKey ?? '';

  it('carries the database over, step by step, and keeps the PGlite directory renamed', async () => {
    // The log's lines reach the pipe in the logger's own time: under load once after "listening" (seen in CI).
    await eventually(async () => server.output().includes('carried over: the PGlite directory is kept'), patient(10_000)).catch(() => undefined);
    expect(server.output()).toContain('carrying the PGlite database of an earlier release over');
    expect(server.output()).toMatch(/"step":"public\.history","done":2,"total":2/);
    expect(server.output()).toContain('carried over: the PGlite directory is kept');
    expect(existsSync(fixture.pgdata)).toBe(false);
    expect(readdirSync(fixture.dataDir).filter((name) => name.startsWith('pgdata.carried-over-'))).toHaveLength(1);
  });

  it('knows every user, by the same id, and each by their API key', async () => {
    const users = await call(server, 'GET', '/api/users', { key: admin() });
    expect((users.body as Array<{ id: string; email: string }>).map((user) => [user.id, user.email]).sort()).toEqual(fixture.expected.users.map((user) => [user.id, user.email]).sort());
    for (const user of fixture.expected.users) {
      const current = await call(server, 'GET', '/api/users/current', { key: user.apiKey });
      expect(current.body.email).toBe(user.email);
    }
  });

  it("lists each user's histories and serves every dataset's file as it was uploaded", async () => {
    for (const history of fixture.expected.histories) {
      const owner = fixture.expected.users.find((user) => user.email === history.ownerEmail);
      const listed = await call(server, 'GET', '/api/histories', { key: owner?.apiKey });
      expect((listed.body as Array<{ id: string; name: string }>).map((h) => h.name)).toContain(history.name);
    }
    for (const dataset of fixture.expected.datasets) {
      const owner = fixture.expected.users.find((user) => user.email === dataset.ownerEmail);
      const response = await fetch(`${server.url}/api/histories/${dataset.historyId}/contents/${dataset.id}/display?key=${owner?.apiKey ?? ''}`);
      expect(response.status).toBe(200);
      expect(createHash('sha256').update(Buffer.from(await response.arrayBuffer())).digest('hex')).toBe(dataset.displaySha256);
    }
  });

  it('starts again without carrying anything (the directory is the new server now)', async () => {
    await stopServerProcess(server);
    server = await startServerProcess({ DATABASE_URL: '', DATA_DIR: fixture.dataDir, DEPOT_PORT: '0', LOG_LEVEL: 'info', MASTER_API_KEY: '', ID_SECRET: '' });
    expect(server.output()).not.toContain('carrying the PGlite database');
    expect((await call(server, 'GET', '/api/users/current', { key: fixture.expected.users[1].apiKey })).body.email).toBe(fixture.expected.users[1].email);
  }, patient(60_000));
});
