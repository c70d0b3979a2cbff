/**
 * `npm run bench:sets`: work created in sets, at BENCH_SETS_ITEMS (default 1,000) datasets.
 * BENCH_SETS_STEPS picks steps (copy, map, singles, workflow); BENCH_SETS_RUN=false times only the
 * requests (no runner); BENCH_SETS_KEEP_DIR keeps the data directory there (with the fixed id secret,
 * another process can then run the jobs left queued).
 */
import { benchSets, printSetsFigures } from './sets.bench';

async function main(): Promise<void> {
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PostgreSQL';
  for (const items of (process.env.BENCH_SETS_ITEMS ?? '1000').split(',').map(Number)) {
    const singles = Math.min(items, Number(process.env.BENCH_SETS_SINGLES ?? 200));
    printSetsFigures(`work created in sets: a list of ${items} datasets, ${database}`, await benchSets(items, singles));
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
