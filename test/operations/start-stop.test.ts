import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { patient } from '../support/patience';

/** A free TCP port for the child server. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = createServer().listen(0, () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function waitForOutput(child: ChildProcess, text: string, timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`no "${text}" within ${timeoutMs} ms:\n${seen}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      seen += chunk.toString();
      if (seen.includes(text)) {
        clearTimeout(timer);
        resolve(seen);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
  });
}

// What it starts is always the embedded database, whatever TEST_DATABASE_URL says: the embedded run covers it.
const embeddedRun = process.env.TEST_DATABASE_URL ? describe.skip : describe;

embeddedRun('npm start on a fresh data directory (embedded PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the API and the depot, prints the bootstrap instructions, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const depotPort = await freePort();
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
      cwd: join(__dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), DEPOT_PORT: String(depotPort), LOG_LEVEL: 'warn', DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const output = await waitForOutput(child, 'First administrator key', 60000);
    const masterKey = readFileSync(join(dataDir, 'master_api_key'), 'utf8').trim();
    expect(output).toContain(`http://localhost:${port}`);
    expect(output).toContain(masterKey);

    const created = await fetch(`http://127.0.0.1:${port}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: masterKey, email: 'first@example.org', username: 'first', password: 'first-pw' }),
    });
    expect(created.status).toBe(200);
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(true);

    // The depot: its own port, users and schema of the same embedded database; the same master key.
    expect(output).toContain(`http://localhost:${depotPort}/api`);
    const depotUser = await fetch(`http://127.0.0.1:${depotPort}/api/users`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ key: masterKey, email: 'author@example.org', username: 'author', password: 'author-pw' }),
    });
    expect(depotUser.status).toBe(200);
    const depotUsers = (await (await fetch(`http://127.0.0.1:${depotPort}/api/users`)).json()) as Array<{ username: string }>;
    expect(depotUsers.map((user) => user.username)).toEqual(['author']);

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  }, patient(90000));
});
