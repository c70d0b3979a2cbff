/**
 * Creates a database on the PostgreSQL server when it is missing (CI's second server lane needs one
 * of its own). Usage: ensure-database.ts <postgres URL of the database>.
 */
import { Client } from 'pg';

async function main(): Promise<void> {
  const target = new URL(process.argv[2]);
  const name = decodeURIComponent(target.pathname.replace(/^\//, ''));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  const server = new URL(target);
  server.pathname = '/postgres';
  const client = new Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
    if (found.rowCount === 0) await client.query(`CREATE DATABASE "${name}"`);
  } finally {
    await client.end();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
