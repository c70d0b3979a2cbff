import type { Logger } from '../logging/logger';

/** Shows the import's progress: a bar per table on a terminal, a line per table otherwise. */
export interface ProgressDisplay {
  start(step: string, total: number, alreadyDone: number): void;
  advance(step: string, done: number): void;
  finish(step: string, summary: { read: number; written: number; skipped: number; seconds: number }): void;
}

export function progressDisplay(log: Logger, stream: NodeJS.WriteStream = process.stderr): ProgressDisplay {
  return stream.isTTY ? new TerminalBars(stream) : new StepLines(log);
}

class TerminalBars implements ProgressDisplay {
  private total = 0;
  private started = 0;
  private lastDraw = 0;

  constructor(private readonly stream: NodeJS.WriteStream) {}

  start(_step: string, total: number): void {
    this.total = total;
    this.started = Date.now();
    this.lastDraw = 0;
  }

  advance(step: string, done: number): void {
    const now = Date.now();
    if (now - this.lastDraw < 100 && done < this.total) return;
    this.lastDraw = now;
    const width = 30;
    const share = this.total === 0 ? 1 : Math.min(1, done / this.total);
    const filled = Math.round(share * width);
    const rate = done / Math.max(0.001, (now - this.started) / 1000);
    this.stream.write(`\r${step.padEnd(40)} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${this.total} ${Math.round(rate)} rows/s\u001b[K`);
  }

  finish(step: string, summary: { read: number; written: number; skipped: number; seconds: number }): void {
    this.stream.write(`\r${step.padEnd(40)} ${summary.read} read, ${summary.written} written, ${summary.skipped} skipped in ${summary.seconds.toFixed(1)} s\u001b[K\n`);
  }
}

class StepLines implements ProgressDisplay {
  constructor(private readonly log: Logger) {}

  start(step: string, total: number, alreadyDone: number): void {
    this.log.info({ step, total, alreadyDone }, 'import step started');
  }

  advance(): void {}

  finish(step: string, summary: { read: number; written: number; skipped: number; seconds: number }): void {
    const rowsPerSecond = summary.seconds > 0 ? Math.round(summary.read / summary.seconds) : summary.read;
    this.log.info({ step, ...summary, rowsPerSecond }, 'import step done');
  }
}
