/** `npm run bench`: prints req/s, p50, p99 and SQL queries per request for each listing, at two sizes. */
import { benchAdminArea } from './admin-area.bench';
import { printFigures } from './harness';

async function main(): Promise<void> {
  const sizes = (process.env.BENCH_SIZES ?? '10,1000').split(',').map(Number);
  const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL server' : 'embedded PGlite';
  for (const rows of sizes) printFigures(`admin area, ${rows} users/roles, ${database}`, await benchAdminArea(rows));
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
