import { firstDifference, type Reading } from './measure';
import type { Target } from './targets';

export interface Row {
  target: Target;
  service: Reading;
  baseline: Reading;
  /** The baseline that looks the key up per request (targets with `keyLookupFloor`). */
  keyLookup?: Reading;
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

export function printRows(title: string, rows: Row[], connections: number[]): void {
  const lines = [`\n${title}`];
  const loadHeads = connections.map((c) => `${pad(`${c}c svc`, 8)} ${pad('base', 7)} ${pad('ratio', 5)}`).join(' |');
  const last = connections[connections.length - 1];
  lines.push(`${'target'.padEnd(44)} ${pad('rows', 5)} ${pad('SQL', 7)} ${pad('same', 4)} | ${loadHeads} | ${pad(`p50 ${last}c`, 11)} ${pad(`p99 ${last}c`, 11)} | done-when`);
  for (const { target, service, baseline } of rows) {
    const loads = connections
      .map((_, i) => `${pad(service.loads[i].reqPerSec, 8)} ${pad(baseline.loads[i].reqPerSec, 7)} ${pad((service.loads[i].reqPerSec / baseline.loads[i].reqPerSec).toFixed(2), 5)}`)
      .join(' |');
    const svc = service.loads[service.loads.length - 1];
    const base = baseline.loads[baseline.loads.length - 1];
    const ratio = svc.reqPerSec / base.reqPerSec;
    const verdicts: string[] = [];
    if (target.floor !== null) verdicts.push(`${ratio >= target.floor ? 'ok' : 'BELOW'} >= ${target.floor}`);
    if (target.p99Rule) verdicts.push(`p99 ${svc.p99 <= 2 * base.p99 + 5 ? 'ok' : 'OVER'}`);
    const difference = firstDifference(service.body, baseline.body);
    lines.push(
      `${target.label.padEnd(44)} ${pad(target.rows, 5)} ${pad(`${service.sql}/${baseline.sql}`, 7)} ${pad(difference ? 'NO' : 'yes', 4)} | ${loads} | ${pad(`${svc.p50}/${base.p50}`, 11)} ${pad(`${svc.p99}/${base.p99}`, 11)} | ${verdicts.join(', ')}${difference ? ` (answers differ at ${difference})` : ''}`,
    );
  }
  lines.push('SQL: statements per request, service/baseline (the key cached); ratio: service req/s over baseline req/s; p50/p99 in ms, service/baseline.');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/**
 * This checkout's service against another's (BENCH_COMPARE_CHECKOUT), target by target, read in the same run
 * against the same baseline readings: each one's share of the baseline, and this one's req/s over the other's.
 */
export function printComparison(other: string, rows: Row[], comparedRows: Row[]): void {
  const lines = [`\nthis checkout against ${other}, same run, same database`];
  lines.push(`${'target'.padEnd(44)} ${pad('SQL', 9)} | ${pad('ratio', 6)} ${pad('other', 6)} | ${pad('this/other', 10)}`);
  const last = (row: Row, side: 'service' | 'baseline') => row[side].loads[row[side].loads.length - 1].reqPerSec;
  for (const compared of comparedRows) {
    const row = rows.find((candidate) => candidate.target === compared.target);
    if (!row) continue;
    const base = last(row, 'baseline');
    lines.push(
      `${row.target.label.padEnd(44)} ${pad(`${row.service.sql}/${compared.service.sql}`, 9)} | ${pad((last(row, 'service') / base).toFixed(2), 6)} ${pad((last(compared, 'service') / base).toFixed(2), 6)} | ${pad((last(row, 'service') / last(compared, 'service')).toFixed(2), 10)}`,
    );
  }
  lines.push('SQL: statements per request, this/other; ratio, other: each service\'s req/s over the baseline\'s; this/other: the two services\' req/s.');
  process.stdout.write(`${lines.join('\n')}\n`);
}

const lastRate = (reading: Reading) => reading.loads[reading.loads.length - 1].reqPerSec;

/** The service's req/s at the most connections, and that of the baseline that looks the key up per request, for the targets read there. */
export function printKeyLookupRows(title: string, rows: Row[]): void {
  const read = rows.filter((row) => row.keyLookup);
  if (read.length === 0) return;
  const lines = [`\n${title}`, `${'target'.padEnd(44)} ${pad('SQL', 7)} ${pad('same', 4)} | ${pad('svc', 7)} ${pad('cached', 7)} ${pad('ratio', 5)} | ${pad('lookup', 7)} ${pad('ratio', 5)} | done-when`];
  for (const row of read) {
    const lookup = row.keyLookup as Reading;
    const ratio = lastRate(row.service) / lastRate(lookup);
    const difference = firstDifference(row.service.body, lookup.body);
    const floor = row.target.keyLookupFloor;
    lines.push(
      `${row.target.label.padEnd(44)} ${pad(`${row.service.sql}/${lookup.sql}`, 7)} ${pad(difference ? 'NO' : 'yes', 4)} | ${pad(lastRate(row.service), 7)} ${pad(lastRate(row.baseline), 7)} ${pad((lastRate(row.service) / lastRate(row.baseline)).toFixed(2), 5)} | ` +
        `${pad(lastRate(lookup), 7)} ${pad(ratio.toFixed(2), 5)} | ${floor === null || floor === undefined ? '' : `${ratio >= floor ? 'ok' : 'BELOW'} >= ${floor}`}`,
    );
  }
  lines.push('cached: the baseline keeping the key\'s user in memory, as the service does (the main table\'s); lookup: the baseline looking the key up by one statement per request. req/s at the most connections.');
  process.stdout.write(`${lines.join('\n')}\n`);
}

/** Every floor of the run (issue 37 and earlier): its reading, met or missed; the last line counts them. */
export function printFloors(rows: Row[]): void {
  const lines = ['\nfloors (req/s at the most connections, service over baseline)'];
  let met = 0;
  let missed = 0;
  const verdict = (label: string, against: string, ratio: number, floor: number) => {
    const ok = ratio >= floor;
    if (ok) met += 1;
    else missed += 1;
    lines.push(`${ok ? 'met   ' : 'MISSED'} ${label.padEnd(44)} ${against.padEnd(22)} ${ratio.toFixed(2)} >= ${floor}`);
  };
  for (const row of rows) {
    if (row.target.floor !== null) verdict(row.target.label, 'baseline (key cached)', lastRate(row.service) / lastRate(row.baseline), row.target.floor);
    const lookupFloor = row.target.keyLookupFloor;
    if (row.keyLookup && lookupFloor !== null && lookupFloor !== undefined) verdict(row.target.label, 'baseline (key lookup)', lastRate(row.service) / lastRate(row.keyLookup), lookupFloor);
    if (row.target.p99Rule) {
      const svc = row.service.loads[row.service.loads.length - 1].p99;
      const base = row.baseline.loads[row.baseline.loads.length - 1].p99;
      const ok = svc <= 2 * base + 5;
      if (ok) met += 1;
      else missed += 1;
      lines.push(`${ok ? 'met   ' : 'MISSED'} ${row.target.label.padEnd(44)} ${'p99 (key cached)'.padEnd(22)} ${svc} ms <= 2 x ${base} + 5 ms`);
    }
  }
  lines.push(`floors met: ${met}, missed: ${missed}`);
  process.stdout.write(`${lines.join('\n')}\n`);
}
