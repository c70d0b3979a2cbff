import { type ReactNode, useEffect, useState } from 'react';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import type { ListColumn } from '../../ui/ListTable';

/** One page of a connection as a screen reads it (its rows, and where the next page starts). */
export interface ConnectionPage<Row> {
  rows: readonly Row[] | undefined;
  hasNextPage: boolean;
  endCursor: string | null;
  fetching: boolean;
  error?: CombinedError;
}

interface Props<Row> {
  /** Reads the page after a cursor (null: the first page). A hook: called once per page shown. */
  usePage: (after: string | null) => ConnectionPage<Row>;
  columns: ReadonlyArray<ListColumn<Row>>;
  rowKey: (row: Row) => string;
  /** The table's accessible name. */
  caption: string;
  /** Shown when the first page is empty. */
  empty: ReactNode;
  /** What failed, said before an error ("Could not list the users"). */
  errorWhat: string;
  /** When it changes (a new filter), the pages start again from the first. */
  resetKey: string;
  /** The button that reads the next page ("Show more users"). */
  moreLabel?: string;
}

/**
 * A list read page by page from a cursor connection: the first page, then "Show more" reads the
 * next after the last row (the same cost wherever the page is), the pages shown one after another in
 * one table. A new filter (`resetKey`) starts from the first page again.
 */
export function CursorPagedTable<Row>(props: Props<Row>) {
  const [afters, setAfters] = useState<Array<string | null>>([null]);
  useEffect(() => setAfters([null]), [props.resetKey]);
  return (
    <div className="table-scroll">
      <table>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          <tr>
            {props.columns.map((column) => (
              <th key={column.header} scope="col">
                {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        {afters.map((after, index) => (
          <PageRows
            key={`${props.resetKey}|${after ?? ''}`}
            table={props}
            after={after}
            first={index === 0}
            last={index === afters.length - 1}
            onMore={(cursor) => setAfters((current) => [...current, cursor])}
          />
        ))}
      </table>
    </div>
  );
}

function PageRows<Row>({ table, after, first, last, onMore }: { table: Props<Row>; after: string | null; first: boolean; last: boolean; onMore: (cursor: string) => void }) {
  const page = table.usePage(after);
  const span = table.columns.length;
  return (
    <tbody>
      {page.error && (
        <tr>
          <td colSpan={span}>
            <ErrorMessage error={page.error} what={table.errorWhat} />
          </td>
        </tr>
      )}
      {page.rows?.map((row) => (
        <tr key={table.rowKey(row)}>
          {table.columns.map((column) =>
            column.rowHeader ? (
              <th key={column.header} scope="row" className={column.className}>
                {column.cell(row, undefined)}
              </th>
            ) : (
              <td key={column.header} className={column.className}>
                {column.cell(row, undefined)}
              </td>
            ),
          )}
        </tr>
      ))}
      {first && page.rows?.length === 0 && (
        <tr>
          <td colSpan={span}>{table.empty}</td>
        </tr>
      )}
      {last && (page.fetching || (page.hasNextPage && page.endCursor)) && (
        <tr>
          <td colSpan={span}>
            {page.fetching ? (
              <p role="status">Loading…</p>
            ) : (
              <button type="button" onClick={() => page.endCursor && onMore(page.endCursor)}>
                {table.moreLabel ?? 'Show more'}
              </button>
            )}
          </td>
        </tr>
      )}
    </tbody>
  );
}
