import { formatSize } from '../ui/format-size';

export interface MetricRow {
  name: string;
  title: string;
  value: string;
}

/** 0.42 -> "0.4 s", 75 -> "1 min 15 s", 3725 -> "1 h 2 min 5 s". */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds < 10 ? Math.round(seconds * 10) / 10 : Math.round(seconds)} s`;
  const whole = Math.round(seconds);
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  return [hours && `${hours} h`, minutes && `${minutes} min`, rest && `${rest} s`].filter(Boolean).join(' ');
}

const ORDER = [
  'runtime_seconds',
  'galaxy_slots',
  'galaxy_memory_mb',
  'memory_peak_bytes',
  'cpu_user_seconds',
  'cpu_system_seconds',
  // A cluster's accounting (sacct), where it keeps one.
  'max_rss_bytes',
  'total_cpu_seconds',
  'elapsed_seconds',
  'alloc_cpus',
  'req_mem_bytes',
  'start_epoch',
  'end_epoch',
];
const SIZES = ['memory_peak_bytes', 'max_rss_bytes', 'req_mem_bytes'];
const DURATIONS = ['runtime_seconds', 'elapsed_seconds', 'cpu_user_seconds', 'cpu_system_seconds', 'total_cpu_seconds'];

/**
 * A job's metrics as the details screen shows them: 15.05's titles (Job Runtime (Wall Clock), Cores
 * Allocated, Memory Allocated…) with their values in plain units; runtime, cores and memory first,
 * then the CPU time used and a cluster's accounting. The exit code and the runner have their own
 * places on the screen.
 */
export function metricRows(metrics: ReadonlyArray<{ name: string; title: string; value: string; rawValue: string }>): MetricRow[] {
  const rank = (name: string) => (ORDER.includes(name) ? ORDER.indexOf(name) : ORDER.length);
  return metrics
    .filter((metric) => metric.name !== 'exit_code' && metric.name !== 'runner_name')
    .sort((a, b) => rank(a.name) - rank(b.name))
    .map((metric) => {
      const number = Number(metric.rawValue);
      const numeric = metric.rawValue.trim() !== '' && Number.isFinite(number);
      let value = metric.value;
      if (numeric && DURATIONS.includes(metric.name)) value = formatDuration(number);
      else if (numeric && metric.name === 'galaxy_memory_mb') value = formatSize(number * 1024 * 1024);
      else if (numeric && SIZES.includes(metric.name)) value = formatSize(number);
      else if (numeric && (metric.name === 'galaxy_slots' || metric.name === 'alloc_cpus')) value = `${number} ${number === 1 ? 'core' : 'cores'}`;
      else if (numeric && (metric.name === 'start_epoch' || metric.name === 'end_epoch')) value = new Date(number * 1000).toLocaleString();
      return { name: metric.name, title: metric.name === 'galaxy_memory_mb' ? 'Memory Allocated' : metric.title, value };
    });
}
