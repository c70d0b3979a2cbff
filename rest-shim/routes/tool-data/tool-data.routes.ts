import { open } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { AppError } from '../../../src/errors/error-kinds';
import { isPlainObject } from '../../../src/http/body-parser';
import { setFileAnswerHeaders } from '../../core/file-answer-headers';
import { RawJson } from '../../core/raw-json';
import { route, type RouteArea } from '../../core/route';
import { notText, type RouteInput } from '../../core/route-input';

/** The platform's element view of a table (`TabularToolDataTable.to_dict(view='element')`). */
const TABLE_ELEMENT = /* GraphQL */ `
  model_class: modelClass
  name
  columns
  fields
`;

/** `TabularToolDataField.to_dict()`: base_dir is a one-item list, as the platform writes it. */
const FIELD = /* GraphQL */ `
  model_class: modelClass
  name
  fields
  base_dir: baseDir
  files
  fingerprint
`;

/**
 * The entry to remove: the payload's `values` (real clients send `{"values": …}` as the JSON body;
 * `{"payload": {"values": …}}` and a query parameter are read too). Absent is null, which the
 * platform shows as `None` in its refusal.
 */
function entryValues(input: RouteInput): string | null {
  const payload = input.json('payload');
  const value = input.get('values') ?? (isPlainObject(payload) ? payload.values : undefined);
  if (value === undefined || value === null) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return String(value);
  throw notText('values', value);
}

const table = (input: RouteInput) => input.path.table_id;

interface TableElement {
  model_class: string;
  name: string;
  columns: string[];
  fields: string[][];
}

/**
 * A table's rows as JSON text, written once per loaded version of the table: the graph hands out the
 * loaded rows themselves, never changed in place (a reload or a removal loads new ones), so a show of
 * a table of thousands of genomes does not serialize them again on every request.
 */
const rowsText = new WeakMap<object, string>();

function tableElement(element: TableElement): RawJson {
  let rows = rowsText.get(element.fields);
  if (rows === undefined) {
    rows = JSON.stringify(element.fields);
    rowsText.set(element.fields, rows);
  }
  const { model_class, name, columns } = element;
  return new RawJson(`${JSON.stringify({ model_class, name, columns }).slice(0, -1)},"fields":${rows}}`);
}

/** Tool data tables, administrators only (a non-administrator gets AdminRequiredException, 403). */
export const toolDataArea: RouteArea = {
  area: 'tool_data',
  routes: [
    route<{ toolDataTables: unknown[] }>({
      method: 'get',
      path: '/api/tool_data',
      access: 'admin',
      operation: 'query { toolDataTables { model_class: modelClass name } }',
      shape: (data) => data.toolDataTables,
    }),
    route<{ toolDataTable: TableElement }>({
      method: 'get',
      path: '/api/tool_data/:table_id',
      access: 'admin',
      operation: `query ($name: String!) { toolDataTable(name: $name) { ${TABLE_ELEMENT} } }`,
      variables: (input) => ({ name: table(input) }),
      shape: (data) => tableElement(data.toolDataTable),
    }),
    route<{ reloadToolDataTable: unknown }>({
      method: 'get',
      path: '/api/tool_data/:table_id/reload',
      access: 'admin',
      operation: `mutation ($name: String!) { reloadToolDataTable(name: $name) { ${TABLE_ELEMENT} } }`,
      variables: (input) => ({ name: table(input) }),
      shape: (data) => data.reloadToolDataTable,
    }),
    route<{ deleteToolDataEntry: unknown }>({
      method: 'delete',
      path: '/api/tool_data/:table_id',
      access: 'admin',
      // The contract's "400 text": an unknown table, empty values, a wrong column count.
      errorStyle: 'text-400',
      operation: `mutation ($name: String!, $values: String) { deleteToolDataEntry(name: $name, values: $values) { ${TABLE_ELEMENT} } }`,
      variables: (input) => ({ name: table(input), values: entryValues(input) }),
      shape: (data) => data.deleteToolDataEntry,
    }),
    route<{ toolDataField: unknown }>({
      method: 'get',
      path: '/api/tool_data/:table_id/fields/:value',
      access: 'admin',
      operation: `query ($table: String!, $value: String!) { toolDataField(table: $table, value: $value) { ${FIELD} } }`,
      variables: (input) => ({ table: table(input), value: input.path.value }),
      shape: (data) => data.toolDataField,
    }),
    route<{ toolDataFieldFile: string }>({
      method: 'get',
      path: '/api/tool_data/:table_id/fields/:value/files/:path',
      access: 'admin',
      operation: 'query ($table: String!, $value: String!, $path: String!) { toolDataFieldFile(table: $table, value: $value, path: $path) }',
      variables: (input) => ({ table: table(input), value: input.path.value, path: input.path.path }),
      raw: async (data, _input, _req, res) => {
        // Opened first, so a file gone since the check is answered as an error; then streamed (pipeline
        // closes the file when the client goes away). The platform's raw decorator sets JSON's content type.
        const file = await open(data.toolDataFieldFile).catch(() => {
          throw new AppError('ObjectNotFound', 'No such path in data table field.');
        });
        setFileAnswerHeaders(res);
        res.status(200).type('application/json');
        await pipeline(file.createReadStream(), res);
      },
    }),
  ],
};
