import { mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { basename, dirname, join } from 'node:path';
import { Client } from 'pg';
import { legacyDirectoryOf } from '../../src/storage/object-store';
import { commitWithoutWaitingForDisk } from './test-database-settings';

/** The two dumps of a 15.05 database's schema (../shared/facts/galaxy-15.05). */
export type LegacySchema = 'schema-migrated.sql' | 'schema.sql';

const FACTS = join(__dirname, '../fixtures/galaxy-15.05');
const SEED = join(__dirname, '../importer/seed');

/** The PostgreSQL server the importer tests make databases on (they need one: the source is a server). */
export const serverUrl = process.env.TEST_DATABASE_URL;

export function databaseUrl(name: string): string {
  const url = new URL(serverUrl ?? 'postgres://postgres@127.0.0.1:5432/test');
  url.pathname = `/${name}`;
  return url.toString();
}

async function onServer<T>(work: (client: Client) => Promise<T>, database?: string): Promise<T> {
  const client = new Client({ connectionString: database ? databaseUrl(database) : serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the server (dropped first when a run left one). */
export async function freshDatabase(name: string): Promise<string> {
  await onServer(async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}"`);
    await commitWithoutWaitingForDisk(client, name);
  });
  return databaseUrl(name);
}

/** A new database made as a copy of another (which nobody may be connected to). */
export async function copiedDatabase(name: string, template: string): Promise<string> {
  await onServer(async (client) => {
    await client.query(`drop database if exists "${name}" with (force)`);
    await client.query(`create database "${name}" template "${template}"`);
    await commitWithoutWaitingForDisk(client, name);
  });
  return databaseUrl(name);
}

export async function dropDatabase(name: string): Promise<void> {
  await onServer((client) => client.query(`drop database if exists "${name}" with (force)`));
}

/**
 * A 15.05 database: one of the schema dumps, then the seed files of test/importer/seed in name
 * order (plain SQL; each may assume the ones before it), then those of `extraSeeds` (a folder beside
 * it, for one test's additions). Made once per schema and seed content as a template database, and
 * copied from it for each test (PostgreSQL copies a template's files).
 */
export async function legacyDatabase(name: string, schema: LegacySchema, extraSeeds?: string): Promise<string> {
  return copiedDatabase(name, await legacyTemplate(schema, extraSeeds));
}

async function legacyTemplate(schema: LegacySchema, extraSeeds?: string): Promise<string> {
  const sqlFiles = (folder: string) => readdirSync(folder).filter((entry) => entry.endsWith('.sql')).sort().map((entry) => join(folder, entry));
  const seeds = [...sqlFiles(SEED), ...(extraSeeds ? sqlFiles(join(SEED, '..', extraSeeds)) : [])];
  const hash = createHash('sha256').update(readFileSync(join(FACTS, schema)));
  for (const file of seeds) hash.update(basename(file)).update(readFileSync(file));
  const template = `legacy_template_${schema === 'schema.sql' ? 'mapped' : 'migrated'}_${hash.digest('hex').slice(0, 12)}`;
  const exists = await onServer(async (client) => (await client.query('select 1 from pg_database where datname = $1', [template])).rowCount === 1);
  if (exists) return template;
  const building = `${template}_building`;
  await freshDatabase(building);
  await onServer(async (client) => {
    await client.query(readFileSync(join(FACTS, schema), 'utf8'));
    await client.query('set search_path = public');
    for (const file of seeds) {
      try {
        await client.query(readFileSync(file, 'utf8'));
      } catch (error) {
        throw new Error(`seed ${basename(file)} on ${schema}: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }, building);
  await onServer((client) => client.query(`alter database "${building}" rename to "${template}"`));
  return template;
}

/** Runs SQL on a database of the server (the source, to read what the seed holds; the target, to compare). */
export function sqlOn<T extends Record<string, unknown>>(name: string, sql: string, params: unknown[] = []): Promise<T[]> {
  return onServer(async (client) => (await client.query<T>(sql, params)).rows, name);
}

/** Writes a dataset's file where the 15.05 disk object store keeps it under a file_path. */
export function writeLegacyFile(filePath: string, datasetId: number, content: string | Buffer): string {
  const path = join(legacyDirectoryOf(filePath, datasetId), `dataset_${datasetId}.dat`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
  return path;
}
