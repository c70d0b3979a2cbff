import { Writable } from 'node:stream';
import pino, { type Logger } from 'pino';

/** A structured log line as the service writes it (pino's JSON), with the fields a test reads. */
export interface LogLine {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A pino logger whose lines a test reads back, parsed, in `lines` (in the order written). */
export function capturedLog(level = 'info'): { log: Logger; lines: LogLine[] } {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const text of chunk.toString('utf8').split('\n')) if (text.trim()) lines.push(JSON.parse(text) as LogLine);
      done();
    },
  });
  return { log: pino({ level }, sink), lines };
}
