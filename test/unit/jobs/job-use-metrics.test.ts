import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { JobCgroup, parseCpuStat } from '../../../src/jobs/job-cgroup';
import { coreMetrics, metricView } from '../../../src/jobs/metrics-format';
import { parseShellTimes } from '../../../src/jobs/shell-times';
import { AccountingReader } from '../../../src/jobs/slurm/accounting-reader';
import type { SlurmClient } from '../../../src/jobs/slurm/slurm-client';
import { parseDuration, parseSize, parseUsage, type SlurmUsage, usageMetrics } from '../../../src/jobs/slurm/slurm-usage';
import { createLogger } from '../../../src/logging/logger';

describe("sacct's usage fields as the Slurm runner reads them", () => {
  it('reads sizes (bytes with --noconvert, or with a unit; old per-CPU ReqMem) and refuses Slurm\'s "no value"', () => {
    expect(parseSize('141033472')).toEqual({ bytes: 141033472, perCpu: false });
    expect(parseSize('300M')).toEqual({ bytes: 300 * 1024 * 1024, perCpu: false });
    expect(parseSize('134.50M')?.bytes).toBe(Math.round(134.5 * 1024 * 1024));
    expect(parseSize('137916K')?.bytes).toBe(137916 * 1024);
    expect(parseSize('2Gc')).toEqual({ bytes: 2 * 1024 ** 3, perCpu: true });
    expect(parseSize('18446744073709551616.00M')).toBeNull();
    expect(parseSize('')).toBeNull();
  });

  it('reads durations [DD-][HH:]MM:SS[.mmm]', () => {
    expect(parseDuration('00:00.637')).toBeCloseTo(0.637);
    expect(parseDuration('01:02:03')).toBe(3723);
    expect(parseDuration('2-01:00:00')).toBe(2 * 86400 + 3600);
    expect(parseDuration('')).toBeNull();
  });

  it("gives each job its line's fields and its steps' largest MaxRSS; whole once the job and its batch step ended", () => {
    const usage = parseUsage(
      [
        '7|COMPLETED||00:00.637|3|1|300M',
        '7.batch|COMPLETED|51421184|00:00.637|3|1|',
        '7.extern|COMPLETED|1000|00:00:00|3|1|',
        '8|RUNNING||00:00:00|1|1|300M',
        '8.batch|RUNNING||00:00:00|1|1|',
        '9|PENDING||00:00:00|1|0|18446744073709551616.00M',
        '6|CANCELLED by 0||00:00:00|0|1|677M',
        // Seen: the end recorded before the start (the job's ReqMem still the no-value), for a moment.
        '10|COMPLETED||00:00.430|3|1|18446744073709551616.00M',
        '10.batch|COMPLETED|48902144|00:00.430|3|1|',
        '',
      ].join('\n'),
    );
    expect(usage.get('7')).toEqual({ id: '7', complete: true, maxRssBytes: 51421184, totalCpuSeconds: 0.637, elapsedSeconds: 3, allocCpus: 1, reqMemBytes: 300 * 1024 * 1024 });
    expect(usage.get('8')?.complete).toBe(false);
    expect(usage.get('9')).toMatchObject({ complete: false, reqMemBytes: null });
    // Cancelled before it ran: no batch step to wait for.
    expect(usage.get('6')).toMatchObject({ complete: true, maxRssBytes: null, elapsedSeconds: 0 });
    expect(usage.get('10')).toMatchObject({ complete: false, maxRssBytes: 48902144, reqMemBytes: null });
  });

  it('records them as metrics of the plugin slurm, shown in plain units', () => {
    const metrics = usageMetrics({ id: '7', complete: true, maxRssBytes: 51421184, totalCpuSeconds: 0.637, elapsedSeconds: 3, allocCpus: 1, reqMemBytes: 314572800 });
    expect(metrics.map((metric) => `${metric.plugin}/${metric.name}=${metric.value}`)).toEqual([
      'slurm/max_rss_bytes=51421184',
      'slurm/total_cpu_seconds=0.637',
      'slurm/elapsed_seconds=3',
      'slurm/alloc_cpus=1',
      'slurm/req_mem_bytes=314572800',
    ]);
    expect(metrics.map(metricView).map((view) => `${view.title}: ${view.value}`)).toEqual([
      'Max Memory Used (Slurm MaxRSS): 49.0 MB',
      'CPU Time Used (Slurm TotalCPU): 0.64 seconds',
      'Job Runtime in Slurm (Elapsed): 3 seconds',
      'Cores Allocated by Slurm: 1',
      'Memory Requested from Slurm: 300.0 MB',
    ]);
  });
});

describe('the CPU time a job used, as bash and cgroup v2 count it', () => {
  it("reads the children's line of bash's times", () => {
    expect(parseShellTimes('0m0.003s 0m0.000s\n0m0.371s 0m0.046s\n')).toEqual({ userSeconds: 0.371, systemSeconds: 0.046 });
    expect(parseShellTimes('0m0.000s 0m0.000s\n12m3.500s 1m0.250s')).toEqual({ userSeconds: 723.5, systemSeconds: 60.25 });
    expect(parseShellTimes('')).toBeNull();
  });

  it("reads cpu.stat's user_usec and system_usec", () => {
    expect(parseCpuStat('usage_usec 1500000\nuser_usec 1200000\nsystem_usec 300000\n')).toEqual({ user: 1.2, system: 0.3 });
    expect(parseCpuStat('usage_usec 1\n')).toBeNull();
  });

  it('records them as core metrics beside the peak memory, shown in seconds', () => {
    const metrics = coreMetrics({ startEpoch: 100, endEpoch: 102, exitCode: 0, runnerName: 'r', memoryPeakBytes: 2048, cpuUserSeconds: 1.23456, cpuSystemSeconds: 0.1 });
    expect(metrics.filter((metric) => metric.name.startsWith('cpu_'))).toEqual([
      { plugin: 'core', name: 'cpu_user_seconds', value: '1.235' },
      { plugin: 'core', name: 'cpu_system_seconds', value: '0.1' },
    ]);
    expect(metricView({ plugin: 'core', name: 'cpu_user_seconds', value: '1.235' })).toMatchObject({ title: 'CPU Time Used (User)', value: '1.24 seconds' });
    expect(coreMetrics({ startEpoch: 1, endEpoch: 2, exitCode: 0, runnerName: 'r' }).some((metric) => metric.name.startsWith('cpu_'))).toBe(false);
  });
});

describe('a cgroup v2 of the job its own', () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(join(tmpdir(), 'fake-cgroup-'));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  const procSelf = (content: string) => {
    writeFileSync(join(root, 'self-cgroup'), content);
    return join(root, 'self-cgroup');
  };

  it('is not made under cgroup v1 (as on the machines of the tests): the runner samples /proc instead', async () => {
    expect(await JobCgroup.create('job-1', { root, procSelfCgroup: procSelf('4:memory:/user.slice\n') })).toBeNull();
    // This machine's own hierarchy: none made under cgroup v1.
    const probe = await JobCgroup.create('job-probe');
    await probe?.remove();
    if (!existsSync('/sys/fs/cgroup/cgroup.controllers')) expect(probe).toBeNull();
  });

  it('is made beside this process where the memory controller is delegated; what the kernel counted is read at the end', async () => {
    writeFileSync(join(root, 'cgroup.controllers'), 'cpu memory pids');
    mkdirSync(join(root, 'service'));
    writeFileSync(join(root, 'service', 'cgroup.subtree_control'), 'cpu memory');
    const made = await JobCgroup.create('job-2', { root, procSelfCgroup: procSelf('0::/service\n') });
    if (!made) throw new Error('no cgroup made');
    expect(made.path).toMatch(new RegExp(`^${root}/service/job-2-[0-9a-f]{6}$`));
    // The command never joined it: nothing counted.
    writeFileSync(join(made.path, 'cpu.stat'), 'usage_usec 0\nuser_usec 0\nsystem_usec 0\n');
    expect(await made.usage()).toBeNull();
    writeFileSync(join(made.path, 'cpu.stat'), 'usage_usec 900000\nuser_usec 700000\nsystem_usec 200000\n');
    // A kernel before 5.19 keeps no memory.peak: the CPU time alone (the sampler gives the memory).
    expect(await made.usage()).toEqual({ memoryPeakBytes: null, cpuUserSeconds: 0.7, cpuSystemSeconds: 0.2 });
    writeFileSync(join(made.path, 'memory.peak'), '52428800\n');
    expect(await made.usage()).toEqual({ memoryPeakBytes: 52428800, cpuUserSeconds: 0.7, cpuSystemSeconds: 0.2 });
    rmSync(join(made.path, 'memory.peak'));
    rmSync(join(made.path, 'cpu.stat'));
    await made.remove();
    expect(readdirSync(join(root, 'service')).filter((name) => name.startsWith('job-2'))).toEqual([]);
  });

  it('is not made where the memory controller is not delegated', async () => {
    writeFileSync(join(root, 'cgroup.controllers'), 'cpu memory pids');
    mkdirSync(join(root, 'service'));
    writeFileSync(join(root, 'service', 'cgroup.subtree_control'), 'cpu');
    expect(await JobCgroup.create('job-3', { root, procSelfCgroup: procSelf('0::/service\n') })).toBeNull();
  });
});

describe("the Slurm runner's wait for an ended job's accounting record", () => {
  const record = (complete: boolean): SlurmUsage => ({ id: '42', complete, maxRssBytes: 1, totalCpuSeconds: 1, elapsedSeconds: 1, allocCpus: 1, reqMemBytes: 1 });
  const fakeSlurm = (answers: Array<Map<string, SlurmUsage> | Error>, keepsAccounting = true) =>
    ({
      keepsAccounting,
      usage: async () => {
        const answer = answers.shift() ?? new Map();
        if (answer instanceof Error) throw answer;
        return answer;
      },
    }) as unknown as SlurmClient;
  const log = createLogger('silent');
  const job = { id: 1, externalId: '42' };

  it('finishes a job at once when its record is whole, with it', async () => {
    const reader = new AccountingReader(fakeSlurm([new Map([['42', record(true)]])]), log, 1000);
    const { usage, later } = await reader.read([job]);
    expect(later.size).toBe(0);
    expect(usage.get(1)?.complete).toBe(true);
  });

  it('leaves a job whose record is not whole to the next polls, until the wait is over; then finishes it without', async () => {
    const reader = new AccountingReader(fakeSlurm([new Map([['42', record(false)]]), new Map(), new Map([['42', record(false)]])]), log, 50);
    expect((await reader.read([job])).later.has(1)).toBe(true);
    expect((await reader.read([job])).later.has(1)).toBe(true);
    await new Promise((wake) => setTimeout(wake, 60));
    const last = await reader.read([job]);
    expect(last.later.size).toBe(0);
    expect(last.usage.size).toBe(0);
  });

  it('never waits where the cluster keeps no accounting, nor when sacct fails', async () => {
    expect((await new AccountingReader(fakeSlurm([new Map()], false), log).read([job])).later.size).toBe(0);
    expect((await new AccountingReader(fakeSlurm([new Error('slurmdbd down')]), log).read([job])).later.size).toBe(0);
  });
});
