import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedStatement } from '../../src/db/sql/sql-recorder';
import { startTestPlatform, type TestPlatform } from '../support/test-platform';

let h: TestPlatform;
let dir: string;
let file: string;

const recorded = (): RecordedStatement[] =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RecordedStatement);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'sql-recorder-'));
  file = join(dir, 'statements.jsonl');
  h = await startTestPlatform({ RECORD_SQL_FILE: file });
});
afterAll(async () => {
  await h.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('RECORD_SQL_FILE: every statement a request sends, with its parameters', () => {
  it("records the job listing's statement (SQL reader) and the ORM's, as the request's, as many as it counted", async () => {
    await h.warmKeys(h.admin.key);
    const before = recorded().length;
    const res = await h.api.get('/api/jobs?state=ok&date_range_min=2026-01-01&date_range_max=2026-01-02').set('x-api-key', h.admin.key);
    expect(res.status).toBe(200);
    const mine = recorded().slice(before).filter((statement) => statement.request);
    expect(mine).toHaveLength(h.queriesOf(res));
    const listing = mine.find((statement) => /from job j/.test(statement.text));
    expect(listing?.params).toEqual([['ok'], '2026-01-01T00:00:00.000Z', '2026-01-03T00:00:00.000Z']);
  });

  it('records statements the ORM sends with their bindings', async () => {
    const before = recorded().length;
    const res = await h.api.get('/api/quotas').set('x-api-key', h.admin.key);
    expect(res.status).toBe(200);
    const mine = recorded().slice(before).filter((statement) => statement.request);
    expect(mine.some((statement) => /from "quota"/.test(statement.text))).toBe(true);
    expect(mine).toHaveLength(h.queriesOf(res));
  });
});
