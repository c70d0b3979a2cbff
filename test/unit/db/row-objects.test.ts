import { rowObjectBuilder, rowObjects } from '../../../src/db/sql/row-objects';

const columns = (...names: string[]) => names.map((name) => ({ name }));

describe('rows read as arrays become objects keyed by column name, as pg writes them', () => {
  it('names every column, nulls included, in the statement’s order', () => {
    const rows = rowObjects<Record<string, unknown>>(columns('id', 'name', 'createTime', 'fileExt'), [
      [1, 'a table', '2015-06-01T15:04:05.120Z', null],
      [2, 'b "quoted" name', '2015-06-02T00:00:00.000Z', 'tabular'],
    ]);
    expect(rows).toEqual([
      { id: 1, name: 'a table', createTime: '2015-06-01T15:04:05.120Z', fileExt: null },
      { id: 2, name: 'b "quoted" name', createTime: '2015-06-02T00:00:00.000Z', fileExt: 'tabular' },
    ]);
    expect(Object.keys(rows[0])).toEqual(['id', 'name', 'createTime', 'fileExt']);
  });

  it('gives a later column of the same name the key, as pg does', () => {
    expect(rowObjects(columns('id', 'id'), [[1, 2]])).toEqual([{ id: 2 }]);
  });

  it('writes any column name as a key, quotes and backslashes included, and keeps __proto__ an own property', () => {
    const [row] = rowObjects<Record<string, unknown>>(columns('a"b', 'c\\d', 'e f', '__proto__'), [[1, 2, 3, 4]]);
    expect(row['a"b']).toBe(1);
    expect(row['c\\d']).toBe(2);
    expect(row['e f']).toBe(3);
    expect(Object.getPrototypeOf(row)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(row, '__proto__')?.value).toBe(4);
  });

  it('builds one function per column list', () => {
    expect(rowObjectBuilder(columns('x', 'y'))).toBe(rowObjectBuilder(columns('x', 'y')));
    expect(rowObjectBuilder(columns('x', 'y'))).not.toBe(rowObjectBuilder(columns('y', 'x')));
  });
});
