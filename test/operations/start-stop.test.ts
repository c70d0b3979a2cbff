import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

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

describe('npm start on a fresh data directory (embedded PGlite)', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'platform-start-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('serves the API, prints the bootstrap instructions, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, ['-r', '@swc-node/register', 'src/main.ts'], {
      cwd: join(__dirname, '../..'),
      env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'warn', DATABASE_URL: '' },
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

    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(dataDir, 'pgdata.lock'))).toBe(false);
  }, 90000);
});
