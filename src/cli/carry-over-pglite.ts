/**
 * Carries the embedded PGlite database of an earlier release into an empty PostgreSQL database:
 *   node -r @swc-node/register src/cli/carry-over-pglite.ts --from DATA_DIR/pgdata --to postgres://…/empty_database
 * Prints a line per step; exits 0 once every row is in the target, else 1 with the reason (the
 * target then holds no row, and the PGlite directory is never written to). The service must be
 * stopped. Dataset files stay where they are: start the service on the target with the same DATA_DIR.
 */
import 'reflect-metadata';
import { parseArgs } from 'node:util';
import { carryOverPglite } from '../db/embedded-server/pglite-carry-over';
import { redactedUrl } from '../db/embedded-server/carry-over-target';
import { createLogger } from '../logging/logger';

const USAGE = 'usage: node -r @swc-node/register src/cli/carry-over-pglite.ts --from <DATA_DIR/pgdata> --to <postgres://… of an empty database>';

async function main(): Promise<number> {
  let from: string | undefined;
  let to: string | undefined;
  try {
    ({ from, to } = parseArgs({ options: { from: { type: 'string' }, to: { type: 'string' } }, strict: true }).values);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${USAGE}\n`);
    return 2;
  }
  if (!from || !to) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const started = Date.now();
  const out = (line: string) => process.stdout.write(`${((Date.now() - started) / 1000).toFixed(1).padStart(6)} s  ${line}\n`);
  const result = await carryOverPglite({
    pgliteDir: from,
    targetUrl: to,
    log: createLogger(process.env.LOG_LEVEL ?? 'warn'),
    // A line as each step ends, and after each batch of a big table.
    progress: (step, done, total) => out(`${step}: ${done}/${total}`),
  });
  const rows = result.tables.reduce((sum, table) => sum + table.rows, 0);
  out(`carried over ${rows} rows of ${result.tables.length} tables and ${result.sequences} sequences into ${redactedUrl(to)}`);
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error: unknown) => {
    process.stderr.write(`carry-over failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
