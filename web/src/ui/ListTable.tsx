import { type HTMLAttributes, type ReactNode } from 'react';

/** One column of a {@link ListTable}: its header, what each row shows in it, and how. */
export interface ListColumn<Row, Context = undefined> {
  header: string;
  /** The header is read by screen readers only (an actions column). */
  hideHeader?: boolean;
  cell: (row: Row, context: Context) => ReactNode;
  /** The cell is the row's header (`<th scope="row">`): the name a screen reader reads for the row. */
  rowHeader?: boolean;
  className?: string;
}

interface ListTableProps<Row, Context> {
  columns: ReadonlyArray<ListColumn<Row, Context>>;
  /** `undefined` while the list is not read yet: then nothing is shown, not even the empty message. */
  rows: readonly Row[] | undefined;
  rowKey: (row: Row) => string;
  /** The table's accessible name, given as a visually hidden caption. */
  caption?: ReactNode;
  /** Shown (as a paragraph) in the table's place when the list is read and empty. */
  empty: ReactNode;
  className?: string;
  /** Wrap the table in a region that scrolls sideways on a narrow screen (the default). */
  scroll?: boolean;
  /**
   * A hook called once for every row (its state, its mutations): what it answers is given to
   * every cell of that row and to `rowProps`.
   */
  useRow?: (row: Row) => Context;
  /** Attributes of the row's `<tr>` (e.g. `aria-current`). */
  rowProps?: (row: Row, context: Context) => HTMLAttributes<HTMLTableRowElement>;
  /** After the table (paging, "load more"), shown only when there are rows. */
  footer?: ReactNode;
}

const noContext = () => undefined;

/** A list shown as a table: a header row, a row for each item, an empty message when there is none. */
export function ListTable<Row, Context = undefined>(props: ListTableProps<Row, Context>) {
  const { columns, rows, rowKey, caption, empty, className, scroll = true, footer } = props;
  if (!rows) return null;
  if (rows.length === 0) return <p>{empty}</p>;
  const table = (
    <table className={className}>
      {caption !== undefined && <caption className="visually-hidden">{caption}</caption>}
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.hideHeader ? <span className="visually-hidden">{column.header}</span> : column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <ListRow key={rowKey(row)} row={row} columns={columns} useRow={props.useRow ?? (noContext as unknown as (row: Row) => Context)} rowProps={props.rowProps} />
        ))}
      </tbody>
    </table>
  );
  return (
    <>
      {scroll ? <div className="table-scroll">{table}</div> : table}
      {footer}
    </>
  );
}

function ListRow<Row, Context>({
  row,
  columns,
  useRow,
  rowProps,
}: {
  row: Row;
  columns: ReadonlyArray<ListColumn<Row, Context>>;
  useRow: (row: Row) => Context;
  rowProps?: (row: Row, context: Context) => HTMLAttributes<HTMLTableRowElement>;
}) {
  const context = useRow(row);
  return (
    <tr {...rowProps?.(row, context)}>
      {columns.map((column) =>
        column.rowHeader ? (
          <th key={column.header} scope="row" className={column.className}>
            {column.cell(row, context)}
          </th>
        ) : (
          <td key={column.header} className={column.className}>
            {column.cell(row, context)}
          </td>
        ),
      )}
    </tr>
  );
}
