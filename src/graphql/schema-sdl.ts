import { lexicographicSortSchema, printSchema } from 'graphql';
import { getSchema } from './schema';

/** The committed SDL: sorted, so that it changes only when the graph does. */
export async function printSchemaSdl(): Promise<string> {
  return `${printSchema(lexicographicSortSchema(await getSchema()))}\n`;
}
