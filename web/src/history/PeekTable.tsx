import { useQuery } from 'urql';
import { graphql } from '../graphql';
import { peekLines } from '../datasets/peek-lines';

const PeekColumnsQuery = graphql(`
  query PeekColumns($id: ID!) {
    dataset(id: $id) {
      id
      columnNames
    }
  }
`);

/**
 * A tabular dataset's peek as a small table headed by its column names (its metadata's, else its '#'
 * header line, read when the line is opened), as the platform's peek showed them; header lines of
 * the file itself are not repeated as rows.
 */
export function PeekTable({ datasetId, peek, delimiter }: { datasetId: string; peek: string; delimiter: string }) {
  const [result] = useQuery({ query: PeekColumnsQuery, variables: { id: datasetId } });
  const names = result.data?.dataset.columnNames ?? null;
  const rows = peekLines(peek)
    .filter((line) => !line.startsWith('#'))
    .map((line) => line.split(delimiter));
  const width = Math.max(names?.length ?? 0, ...rows.map((row) => row.length));
  const columns = Array.from({ length: width }, (_, index) => names?.[index] || String(index + 1));
  return (
    <div className="peek peek-table">
      <table aria-label="Peek">
        <thead>
          <tr>
            {columns.map((name, index) => (
              <th key={index} scope="col">
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, rowIndex) => (
            <tr key={rowIndex}>
              {columns.map((_, index) => (
                <td key={index}>{row[index] ?? ''}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
