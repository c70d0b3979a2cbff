import { sql } from '../../src/db/sql/sql-statement';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let h: TestPlatform;

beforeAll(async () => {
  h = await startTestPlatform();
});
afterAll(async () => {
  await h.close();
});

const NUMBERS = sql<{ n: number }>('bench_numbers', 'select g as n from generate_series(1, $1::int) g order by g');

async function batchesOf(count: number, batchSize: number, growTo?: number): Promise<number[][]> {
  const batches: number[][] = [];
  for await (const rows of h.platform.services.db.reader.batches(null, NUMBERS, [count], { batchSize, growTo })) batches.push(rows.map((row) => row.n));
  return batches;
}

/** A long listing is read through a cursor in batches: the first small (an answer starts soon), the next ones growing. */
describe('one statement read in batches through a cursor', () => {
  it('hands out every row once, in order, in batches of the size asked when they do not grow', async () => {
    const batches = await batchesOf(250, 100);
    expect(batches.map((batch) => batch.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(Array.from({ length: 250 }, (_, i) => i + 1));
  });

  it('doubles each further batch up to growTo, and hands out every row once, in order', async () => {
    const batches = await batchesOf(2500, 100, 800);
    expect(batches.map((batch) => batch.length)).toEqual([100, 200, 400, 800, 800, 200]);
    expect(batches.flat()).toEqual(Array.from({ length: 2500 }, (_, i) => i + 1));
  });

  it('ends after a last batch that is exactly full (no empty batch)', async () => {
    const batches = await batchesOf(700, 100, 400);
    expect(batches.map((batch) => batch.length)).toEqual([100, 200, 400]);
  });
});
