import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ChunkFooter } from './ChunkFooter';
import { DatasetColumnsQuery } from './dataset-content-documents';
import { tableRows, tableWidth } from './tabular-rows';
import { useLineChunks } from './useLineChunks';

/**
 * A tabular dataset as a table: its column names as the head (or 1, 2, 3… when it has none), a
 * chunk of rows at a time; the table scrolls sideways inside its own region on a narrow screen.
 */
export function TabularView({ datasetId, name }: { datasetId: string; name: string }) {
  const [columns] = useQuery({ query: DatasetColumnsQuery, variables: { id: datasetId } });
  const chunks = useLineChunks(datasetId);
  const info = columns.data?.dataset;
  if (!info) {
    return (
      <>
        <ErrorMessage error={columns.error} what="Could not read the columns" />
        {columns.fetching && <p role="status">Loading…</p>}
      </>
    );
  }
  const names = info.columnNames ?? null;
  const rows = tableRows(chunks.lines, info.columnDelimiter ?? '\t', names);
  const width = tableWidth(rows, info.columnCount ?? null, names);
  const headings = Array.from({ length: width }, (_, index) => names?.[index] ?? String(index + 1));
  return (
    <>
      {chunks.lines.length > 0 && (
        <div className="dataset-table-wrap" role="region" aria-label={`Table of ${name}`} tabIndex={0}>
          <table className="dataset-table" aria-label={`Contents of ${name}`}>
            <thead>
              <tr>
                {headings.map((heading, index) => (
                  <th key={index} scope="col">
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) =>
                row.kind === 'cells' ? (
                  <tr key={row.line}>
                    {headings.map((_, index) => (
                      <td key={index}>{row.cells[index] ?? ''}</td>
                    ))}
                  </tr>
                ) : (
                  <tr key={row.line} className="comment-row">
                    <td colSpan={width}>{row.text}</td>
                  </tr>
                ),
              )}
            </tbody>
          </table>
        </div>
      )}
      <ChunkFooter chunks={chunks} moreLabel="Show more rows" />
    </>
  );
}
