import { formatDuration, metricRows } from '../../../web/src/jobs/job-metrics';

/** The job details screen's metrics: 15.05's names, values in plain units. */
describe('metricRows (job metrics in plain units)', () => {
  it('writes durations in seconds, minutes and hours', () => {
    expect(formatDuration(0.42)).toBe('0.4 s');
    expect(formatDuration(12.6)).toBe('13 s');
    expect(formatDuration(75)).toBe('1 min 15 s');
    expect(formatDuration(3725)).toBe('1 h 2 min 5 s');
    expect(formatDuration(3600)).toBe('1 h');
  });

  it('puts runtime, cores and memory first, memory in GB, and leaves out the exit code and runner shown elsewhere', () => {
    const metric = (name: string, title: string, rawValue: string) => ({ name, title, value: rawValue, rawValue });
    const rows = metricRows([
      metric('exit_code', 'Exit Code', '0'),
      metric('start_epoch', 'Job Start Time', '1700000000'),
      metric('galaxy_memory_mb', 'Memory Allocated (MB)', '2048'),
      metric('galaxy_slots', 'Cores Allocated', '4'),
      metric('runtime_seconds', 'Job Runtime (Wall Clock)', '75'),
      metric('runner_name', 'Runner', 'local'),
      metric('memory_peak_bytes', 'Peak Memory Used', String(300 * 1024 * 1024)),
    ]);
    expect(rows.map((row) => [row.title, row.value])).toEqual([
      ['Job Runtime (Wall Clock)', '1 min 15 s'],
      ['Cores Allocated', '4 cores'],
      ['Memory Allocated', '2.0 GB'],
      ['Peak Memory Used', '300.0 MB'],
      ['Job Start Time', new Date(1700000000 * 1000).toLocaleString()],
    ]);
  });

  it('shows the CPU time used and a cluster\'s accounting (plugin slurm) after them, in the same units', () => {
    const metric = (name: string, title: string, rawValue: string) => ({ name, title, value: rawValue, rawValue });
    const rows = metricRows([
      metric('req_mem_bytes', 'Memory Requested from Slurm', String(300 * 1024 * 1024)),
      metric('max_rss_bytes', 'Max Memory Used (Slurm MaxRSS)', String(51 * 1024 * 1024)),
      metric('cpu_user_seconds', 'CPU Time Used (User)', '0.371'),
      metric('total_cpu_seconds', 'CPU Time Used (Slurm TotalCPU)', '0.637'),
      metric('alloc_cpus', 'Cores Allocated by Slurm', '1'),
      metric('runtime_seconds', 'Job Runtime (Wall Clock)', '3.2'),
    ]);
    expect(rows.map((row) => [row.title, row.value])).toEqual([
      ['Job Runtime (Wall Clock)', '3.2 s'],
      ['CPU Time Used (User)', '0.4 s'],
      ['Max Memory Used (Slurm MaxRSS)', '51.0 MB'],
      ['CPU Time Used (Slurm TotalCPU)', '0.6 s'],
      ['Cores Allocated by Slurm', '1 core'],
      ['Memory Requested from Slurm', '300.0 MB'],
    ]);
  });
});
