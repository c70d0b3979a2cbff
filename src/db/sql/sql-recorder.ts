import { appendFileSync } from 'node:fs';

/** One recorded statement: its text, its parameters, and whether a request (not a background worker) ran it. */
export interface RecordedStatement {
  text: string;
  params: unknown[];
  request: boolean;
}

/**
 * Appends every SQL statement sent (text and parameters) as one JSON line to a file (RECORD_SQL_FILE):
 * `npm run bench:plans` replays them under EXPLAIN. Synchronous appends keep the lines in the order
 * the statements were sent; it is a benchmark tool, never on in production.
 */
export class SqlRecorder {
  constructor(private readonly file: string) {}

  record(text: string, params: readonly unknown[] | undefined, request: boolean): void {
    const line: RecordedStatement = { text, params: params ? [...params] : [], request };
    appendFileSync(this.file, `${JSON.stringify(line)}\n`);
  }
}
