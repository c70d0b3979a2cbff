import {
  deleteTagsStatement,
  inputRowsStatement,
  insertTagsStatement,
  outputRowsStatement,
  updateOutputsStatement,
} from '../../../src/services/workflows/run/post-job-action-rows';

/**
 * A workflow step's post-job actions are written with a fixed number of bind parameters, however many
 * jobs the step made: PostgreSQL takes at most 65,535 per statement, and a step may map over more datasets.
 */
const JOBS = 70_000;
const jobIds = Array.from({ length: JOBS }, (_, index) => index + 1);
const now = new Date('2026-11-28T12:00:00Z');

describe('post-job action statements over 70,000 jobs', () => {
  it('read the jobs\' inputs and outputs with the job ids as one array parameter', () => {
    for (const statement of [inputRowsStatement(jobIds), outputRowsStatement(jobIds)]) {
      expect(statement.params).toHaveLength(1);
      expect(statement.params[0]).toBe(`{${jobIds.join(',')}}`);
      expect(statement.sql).toContain('= any(?::int[])');
    }
  });

  it('update every output in one statement of two parameters, the changes as one JSON document', () => {
    const changes = jobIds.map((id) => ({ id, name: `first of "sample ${id}"`, visible: false, extension: 'tabular' }));
    const statement = updateOutputsStatement(changes, now);
    expect(statement.params).toHaveLength(2);
    expect(JSON.parse(String(statement.params[1]))).toEqual(changes);
  });

  it('replace the tags in two statements of fixed parameters, in the order given', () => {
    const tags = jobIds.map((itemId) => ({ itemId, name: 'group', value: itemId % 2 ? 'odd' : null }));
    expect(deleteTagsStatement(tags).params).toHaveLength(1);
    const insert = insertTagsStatement(7, tags, now);
    expect(insert.params).toHaveLength(4);
    const rows = JSON.parse(String(insert.params[3])) as Array<{ ord: number; item_id: number; value: string | null }>;
    expect(rows).toHaveLength(JOBS);
    expect(rows[JOBS - 1]).toEqual({ ord: JOBS - 1, item_id: JOBS, name: 'group', value: null });
    expect(insert.sql).toContain('order by r.ord');
  });
});
