/**
 * Prints the times of CI's test runs: one line per run (database), then one per group of each run,
 * from jest's JSON results (`--json --outputFile`). Usage: print-times.ts <label>=<results.json>[:<wall seconds>] …
 */
import { existsSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';

interface JestResults {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  testResults: Array<{ name: string; startTime: number; endTime: number; assertionResults: Array<{ status: string }> }>;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(0)} s`;

for (const argument of process.argv.slice(2)) {
  const [label, rest] = argument.split('=');
  const [file, wall] = rest.split(':');
  if (!existsSync(file)) {
    process.stdout.write(`${label.padEnd(20)} no results (the run did not finish)\n`);
    continue;
  }
  const results = JSON.parse(readFileSync(file, 'utf8')) as JestResults;
  const counts = `${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped`;
  process.stdout.write(`${label.padEnd(20)} ${wall ? `${wall} s`.padStart(7) : ''}  ${counts}\n`);
  for (const group of [...results.testResults].sort((a, b) => a.startTime - b.startTime)) {
    const count = (status: string) => group.assertionResults.filter((test) => test.status === status).length;
    const failed = count('failed');
    const skipped = count('pending') + count('skipped') + count('todo');
    const tests = `${count('passed')} passed${failed ? `, ${failed} FAILED` : ''}${skipped ? `, ${skipped} skipped` : ''}`;
    process.stdout.write(`  ${basename(group.name, '.group.ts').padEnd(18)} ${seconds(group.endTime - group.startTime).padStart(7)}  ${tests}\n`);
  }
}
