import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mapServerPath, readTail, rewriteJobPaths, runCommand } from '../../../src/remote-runner/command';
import { isRunning } from './fake-platform';

const SERVER = '/srv/jobs/000/1';
const LOCAL = '/tmp/runner/job1';

describe('rewriteJobPaths', () => {
  it('replaces every path under the server job directory', () => {
    const command = `cat ${SERVER}/inputs/a.dat ${SERVER}/inputs/b.dat > ${SERVER}/outputs/c.dat`;
    expect(rewriteJobPaths(command, SERVER, LOCAL)).toBe(`cat ${LOCAL}/inputs/a.dat ${LOCAL}/inputs/b.dat > ${LOCAL}/outputs/c.dat`);
  });

  it('leaves directories that only share the prefix', () => {
    const command = `cat ${SERVER}0/inputs/a.dat /srv/jobs/000/1.tar ${SERVER}_old/x`;
    expect(rewriteJobPaths(command, SERVER, LOCAL)).toBe(command);
  });

  it('leaves the job directory when it appears inside another path', () => {
    const command = `cat /data${SERVER}/inputs/a.dat ../srv/jobs/000/1/x mirror${SERVER}/y`;
    expect(rewriteJobPaths(command, SERVER, LOCAL)).toBe(command);
  });

  it('replaces after quotes, option separators and glued short options', () => {
    const command = `tool --in='${SERVER}/inputs/a' "${SERVER}/outputs/b" -o${SERVER}/outputs/c PATH=/usr/bin:${SERVER}/working/bin (cd ${SERVER}/working)`;
    expect(rewriteJobPaths(command, SERVER, LOCAL)).toBe(
      `tool --in='${LOCAL}/inputs/a' "${LOCAL}/outputs/b" -o${LOCAL}/outputs/c PATH=/usr/bin:${LOCAL}/working/bin (cd ${LOCAL}/working)`,
    );
  });

  it('replaces the bare directory when a non-path character follows', () => {
    expect(rewriteJobPaths(`cd ${SERVER} && ls ${SERVER}; echo "${SERVER}"`, SERVER, LOCAL)).toBe(
      `cd ${LOCAL} && ls ${LOCAL}; echo "${LOCAL}"`,
    );
  });

  it('ignores trailing slashes on either directory', () => {
    expect(rewriteJobPaths(`cat ${SERVER}/inputs/a`, `${SERVER}/`, `${LOCAL}/`)).toBe(`cat ${LOCAL}/inputs/a`);
  });

  it('does not rewrite the replacement again when the local directory contains the server one', () => {
    const local = `${SERVER}/nested`;
    expect(rewriteJobPaths(`cat ${SERVER}/a ${SERVER}/b`, SERVER, local)).toBe(`cat ${local}/a ${local}/b`);
  });
});

describe('mapServerPath', () => {
  it('maps paths under the job directory', () => {
    expect(mapServerPath(`${SERVER}/inputs/a.dat`, SERVER, LOCAL)).toBe(`${LOCAL}/inputs/a.dat`);
    expect(mapServerPath(`${SERVER}/outputs/sub/./b.dat`, SERVER, LOCAL)).toBe(`${LOCAL}/outputs/sub/b.dat`);
  });

  it.each([`${SERVER}0/inputs/a`, '/etc/passwd', `${SERVER}/../2/inputs/a`, `${SERVER}/inputs/../../x`, SERVER, `${SERVER}/`])(
    'refuses %s',
    (path) => {
      expect(mapServerPath(path, SERVER, LOCAL)).toBeNull();
    },
  );
});

describe('runCommand', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'runner-command-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  const run = (commandLine: string, timeoutSeconds: number | null = null, signal?: AbortSignal) =>
    runCommand({ commandLine, cwd: dir, stdoutPath: join(dir, 'out'), stderrPath: join(dir, 'err'), timesPath: join(dir, 'times'), timeoutSeconds, signal, killGraceMs: 500 });

  it('captures stdout, stderr and the exit code, in the given directory', async () => {
    const result = await run('pwd; echo oops >&2; exit 4');
    expect(result).toMatchObject({ exitCode: 4, timedOut: false, aborted: false, signal: null });
    expect((await readFile(join(dir, 'out'), 'utf8')).trim()).toBe(dir);
    expect(await readFile(join(dir, 'err'), 'utf8')).toBe('oops\n');
    expect(result.endEpoch).toBeGreaterThanOrEqual(result.startEpoch);
  });

  it('kills the whole process group at the time limit', async () => {
    const started = Date.now();
    const result = await run(`(sleep 30; touch ${dir}/late) & echo $! > ${dir}/child; sleep 30`, 0.3);
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBe(128 + 15);
    expect(Date.now() - started).toBeLessThan(5000);
    const child = Number(await readFile(join(dir, 'child'), 'utf8'));
    expect(await isRunning(child)).toBe(false);
  });

  it('kills the process group on abort', async () => {
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const result = await run('sleep 30', null, controller.signal);
    expect(result.aborted).toBe(true);
    expect(result.timedOut).toBe(false);
  });

  it("measures the command's peak resident memory and the CPU time of it and its children", async () => {
    // A child that holds 30 MB for a second and spins for a moment: what the job's metrics record.
    const result = await run("python3 -c 'import time; b = bytearray(30 * 1024 * 1024); t = time.time()\nwhile time.time() - t < 1: pass'");
    expect(result.exitCode).toBe(0);
    expect(result.memoryPeakBytes).toBeGreaterThan(30 * 1024 * 1024);
    expect(result.cpuUserSeconds).toBeGreaterThan(0.5);
    expect(result.cpuSystemSeconds).toBeGreaterThanOrEqual(0);
  });

  it('gives a command that handles SIGTERM its grace period, and reports its own exit status', async () => {
    const result = await run("trap 'sleep 0.2; echo cleaned; exit 7' TERM; sleep 30 & wait", 0.3);
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBe(7);
    expect(await readFile(join(dir, 'out'), 'utf8')).toBe('cleaned\n');
  });

  it('escalates to SIGKILL when SIGTERM is ignored', async () => {
    const result = await run("trap '' TERM; sleep 30 & wait; sleep 30", 0.2);
    expect(result.timedOut).toBe(true);
    expect(result.exitCode).toBe(128 + 9);
  });
});

describe('readTail', () => {
  it('keeps the last bytes without starting mid-character', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'runner-tail-'));
    try {
      const path = join(dir, 'f');
      await writeFile(path, `${'x'.repeat(100)}é${'y'.repeat(10)}`);
      expect(await readTail(path, 11)).toBe('y'.repeat(10));
      expect(await readTail(path, 12)).toBe(`é${'y'.repeat(10)}`);
      expect(await readTail(path)).toHaveLength(111);
      expect(await readTail(join(dir, 'missing'))).toBe('');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
