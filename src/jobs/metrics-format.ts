/** The platform's core job metrics and how they are shown (`job_metrics` of a job show). */
export interface MetricValue {
  plugin: string;
  name: string;
  value: string;
}

export interface MetricView {
  title: string;
  value: string;
  plugin: string;
  name: string;
  raw_value: string;
}

const TITLES: Record<string, string> = {
  runtime_seconds: 'Job Runtime (Wall Clock)',
  start_epoch: 'Job Start Time',
  end_epoch: 'Job End Time',
  galaxy_slots: 'Cores Allocated',
  galaxy_memory_mb: 'Memory Allocated (MB)',
  memory_peak_bytes: 'Peak Memory Used',
  cpu_user_seconds: 'CPU Time Used (User)',
  cpu_system_seconds: 'CPU Time Used (System)',
  exit_code: 'Exit Code',
  runner_name: 'Runner',
  // Plugin `slurm`: the job's accounting record (sacct), where the cluster keeps one.
  max_rss_bytes: 'Max Memory Used (Slurm MaxRSS)',
  total_cpu_seconds: 'CPU Time Used (Slurm TotalCPU)',
  elapsed_seconds: 'Job Runtime in Slurm (Elapsed)',
  alloc_cpus: 'Cores Allocated by Slurm',
  req_mem_bytes: 'Memory Requested from Slurm',
};

/** Metrics in bytes, shown in MB; in seconds of CPU, shown in seconds (to the hundredth while short). */
const BYTES = new Set(['memory_peak_bytes', 'max_rss_bytes', 'req_mem_bytes']);
const CPU_SECONDS = new Set(['cpu_user_seconds', 'cpu_system_seconds', 'total_cpu_seconds']);

function pad(n: number): string {
  return String(n).padStart(2, '0');
}

/** "1 minute" / "10 seconds" / "2 hours and 3 minutes", like the platform's runtime formatter. */
function formatRuntime(seconds: number): string {
  const whole = Math.round(seconds);
  if (whole < 60) return `${whole} second${whole === 1 ? '' : 's'}`;
  const minutes = Math.floor(whole / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return `${hours} hour${hours === 1 ? '' : 's'}${rest ? ` and ${rest} minute${rest === 1 ? '' : 's'}` : ''}`;
}

function formatEpoch(epoch: number): string {
  const d = new Date(epoch * 1000);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}

export function metricView(metric: MetricValue): MetricView {
  const numeric = Number(metric.value);
  let value = metric.value;
  if ((metric.name === 'runtime_seconds' || metric.name === 'elapsed_seconds') && Number.isFinite(numeric)) value = formatRuntime(numeric);
  if (CPU_SECONDS.has(metric.name) && Number.isFinite(numeric)) value = numeric < 60 ? `${numeric.toFixed(2)} seconds` : formatRuntime(numeric);
  if ((metric.name === 'start_epoch' || metric.name === 'end_epoch') && Number.isFinite(numeric)) value = formatEpoch(numeric);
  if (BYTES.has(metric.name) && Number.isFinite(numeric)) value = `${(numeric / (1024 * 1024)).toFixed(1)} MB`;
  return { title: TITLES[metric.name] ?? metric.name, value, plugin: metric.plugin, name: metric.name, raw_value: metric.value };
}

/**
 * The metrics recorded for every finished run (the allocated memory when the batch system gave one),
 * then the runner's own (`metrics`: a batch system's accounting).
 */
export function coreMetrics(result: {
  startEpoch: number;
  endEpoch: number;
  exitCode: number;
  runnerName: string;
  slots?: number | null;
  memoryMb?: number | null;
  memoryPeakBytes?: number | null;
  cpuUserSeconds?: number | null;
  cpuSystemSeconds?: number | null;
  metrics?: readonly MetricValue[];
}): MetricValue[] {
  const memory = result.memoryMb ? [{ plugin: 'core', name: 'galaxy_memory_mb', value: String(result.memoryMb) }] : [];
  // Not one of 15.05's: the peak resident memory the job's processes were seen using (sampled every half
  // second, or the job's cgroup's peak), and the CPU time they used.
  const used = result.memoryPeakBytes ? [{ plugin: 'core', name: 'memory_peak_bytes', value: String(result.memoryPeakBytes) }] : [];
  const cpu = (name: string, seconds: number | null | undefined) => (typeof seconds === 'number' && Number.isFinite(seconds) ? [{ plugin: 'core', name, value: String(Math.round(seconds * 1000) / 1000) }] : []);
  return [
    { plugin: 'core', name: 'galaxy_slots', value: String(result.slots ?? 1) },
    ...memory,
    { plugin: 'core', name: 'start_epoch', value: String(Math.floor(result.startEpoch)) },
    { plugin: 'core', name: 'end_epoch', value: String(Math.floor(result.endEpoch)) },
    { plugin: 'core', name: 'runtime_seconds', value: String(Math.max(0, Math.round((result.endEpoch - result.startEpoch) * 1000) / 1000)) },
    { plugin: 'core', name: 'exit_code', value: String(result.exitCode) },
    { plugin: 'core', name: 'runner_name', value: result.runnerName },
    ...used,
    ...cpu('cpu_user_seconds', result.cpuUserSeconds),
    ...cpu('cpu_system_seconds', result.cpuSystemSeconds),
    ...(result.metrics ?? []),
  ];
}
