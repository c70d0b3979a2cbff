import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSchema, parse, validate } from 'graphql';
import { depthLimitRule, MAX_QUERY_DEPTH } from '../../../src/graphql/server/depth-limit';

const schema = buildSchema(readFileSync(join(__dirname, '../../../schema/schema.graphql'), 'utf8'));

describe('the depth limit', () => {
  it('measures each fragment once, however often it is spread (a fragment spread twice in one spread twice in … 40 times)', () => {
    let text = '{ histories { ...F0 } } ';
    for (let level = 0; level < 40; level += 1) text += `fragment F${level} on History { id ...F${level + 1} ...F${level + 1} } `;
    text += 'fragment F40 on History { id }';
    const started = Date.now();
    expect(validate(schema, parse(text), [depthLimitRule])).toEqual([]);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('still counts the depth a fragment adds where it is spread', () => {
    let text = '{ histories { ...F0 } } ';
    for (let level = 0; level < MAX_QUERY_DEPTH; level += 1) text += `fragment F${level} on History { id jobs { history { ...F${level + 1} } } } `;
    text += `fragment F${MAX_QUERY_DEPTH} on History { id }`;
    const errors = validate(schema, parse(text), [depthLimitRule]);
    expect(errors.map((error) => error.message)).toEqual([`The query is nested ${2 + 2 * MAX_QUERY_DEPTH} levels deep; at most ${MAX_QUERY_DEPTH} are allowed.`]);
  });

  it('ends at a fragment that spreads itself (another rule refuses it)', () => {
    expect(validate(schema, parse('{ histories { ...A } } fragment A on History { id ...B } fragment B on History { ...A }'), [depthLimitRule])).toEqual([]);
  });
});
