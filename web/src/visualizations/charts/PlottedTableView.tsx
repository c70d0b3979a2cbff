import type { PlottedTable } from './plotted-data';

/** Rows of the table shown at most (the chart has them all). */
const SHOWN_ROWS = 100;

/** The values a chart plots, as a table: the accessible fallback of the canvas. */
export function PlottedTableView({ table, caption }: { table: PlottedTable; caption: string }) {
  const shown = table.rows.slice(0, SHOWN_ROWS);
  return (
    <div className="dataset-table-wrap chart-table" tabIndex={0} role="region" aria-label={caption}>
      <table className="dataset-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {table.headers.map((header, index) => (
              <th key={index} scope="col">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {shown.map((row, index) => (
            <tr key={index}>
              {row.map((cell, column) => (
                <td key={column}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {table.rows.length > shown.length && (
        <p className="muted">
          The first {shown.length} of {table.rows.length.toLocaleString('en-US')} rows.
        </p>
      )}
    </div>
  );
}
