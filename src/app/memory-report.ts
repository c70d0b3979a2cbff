/** The marker of a memory report line on stderr (bench/memory.ts reads it). */
export const MEMORY_REPORT_MARKER = 'memory-report ';

/**
 * Benchmarks only (MEMORY_REPORT_ON_SIGNAL): on SIGUSR2, collect garbage when node runs with
 * --expose-gc, then print process.memoryUsage() as one marked JSON line on stderr. No endpoint:
 * only whoever may signal the process can ask.
 */
export function installMemoryReport(): void {
  process.on('SIGUSR2', () => {
    const collect = (globalThis as { gc?: () => void }).gc;
    collect?.();
    process.stderr.write(`${MEMORY_REPORT_MARKER}${JSON.stringify({ pid: process.pid, gc: Boolean(collect), ...process.memoryUsage() })}\n`);
  });
}
