import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../../src/config/app-config';
import { configurationInForce, slurmReachability, withoutUrlPassword } from '../../../src/services/server-status';

describe('configurationInForce: the configuration an administrator sees, secrets hidden', () => {
  it('hides the id secret, the master API key, runner tokens and the database password, and shows the rest', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'status-config-'));
    try {
      const config = loadConfig({
        DATA_DIR: dataDir,
        DATABASE_URL: 'postgres://platform:s3cr3t-pw@db.example.org:5432/platform?sslmode=require',
        ID_SECRET: 'an-id-secret-of-the-site',
        MASTER_API_KEY: 'the-master-key-value',
        RUNNER_TOKENS: 'runner-token-one,runner-token-two',
        ADMIN_USERS: 'root@example.org',
      });
      const entries = configurationInForce(config);
      const byKey = new Map(entries.map((entry) => [entry.key, entry]));
      for (const key of ['idSecret', 'masterApiKey', 'runnerTokens']) expect(byKey.get(key)).toEqual({ key, value: '[hidden]', secret: true });
      expect(byKey.get('databaseUrl')?.value).toBe('postgres://platform:[hidden]@db.example.org:5432/platform?sslmode=require');
      expect(byKey.get('adminUsers')?.value).toBe('["root@example.org"]');
      expect(byKey.get('passwordHashRounds')?.secret).toBe(false);
      expect(byKey.has('masterApiKeyGenerated')).toBe(false);
      const text = JSON.stringify(entries);
      for (const secret of ['s3cr3t-pw', 'an-id-secret-of-the-site', 'the-master-key-value', 'runner-token-one']) expect(text).not.toContain(secret);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('hides a password given as a URL parameter, and shows nothing of a URL it cannot read', () => {
    expect(withoutUrlPassword('postgres:///platform?host=/run/pg&password=abc')).toBe('postgres:///platform?host=%2Frun%2Fpg&password=[hidden]');
    expect(withoutUrlPassword('not a url with password abc')).toBe('[hidden]');
    expect(withoutUrlPassword('postgres://u@h/db')).toBe('postgres://u@h/db');
  });
});

describe('slurmReachability: sinfo and squeue answering within a time limit', () => {
  let bin: string;
  const path = process.env.PATH;
  const command = (name: string, body: string) => {
    writeFileSync(join(bin, name), `#!/bin/sh\n${body}\n`);
    chmodSync(join(bin, name), 0o755);
  };
  beforeEach(() => {
    bin = mkdtempSync(join(tmpdir(), 'fake-slurm-'));
    process.env.PATH = `${bin}:/usr/bin:/bin`;
  });
  afterEach(() => {
    process.env.PATH = path;
    rmSync(bin, { recursive: true, force: true });
  });

  it('is not asked without a Slurm destination', async () => {
    await expect(slurmReachability(false)).resolves.toEqual({ configured: false, reachable: null, problem: null, elapsedMs: null });
  });

  it('is reachable when both answer', async () => {
    command('sinfo', 'echo "normal* up infinite 1/0/0/1 node1"');
    command('squeue', 'exit 0');
    await expect(slurmReachability(true, 2000)).resolves.toMatchObject({ configured: true, reachable: true, problem: null });
  });

  it('is not reachable when the controller does not answer in time, or refuses, saying why', async () => {
    command('sinfo', 'sleep 5');
    command('squeue', 'exit 0');
    const started = Date.now();
    const slow = await slurmReachability(true, 300);
    expect(slow).toMatchObject({ configured: true, reachable: false, problem: expect.stringMatching(/^sinfo: (killed by SIGKILL|no answer within 300 ms)/) });
    expect(Date.now() - started).toBeLessThan(3000);
    command('sinfo', 'exit 0');
    command('squeue', 'echo "slurm_load_jobs error: Unable to contact slurm controller" >&2; exit 1');
    await expect(slurmReachability(true, 2000)).resolves.toMatchObject({ reachable: false, problem: expect.stringContaining('Unable to contact slurm controller') });
  });
});
