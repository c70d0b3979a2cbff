import { useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ListTable, type ListColumn } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { DataTableQuery, DataTablesQuery, DeleteDataTableEntryMutation, ReloadDataTableMutation } from './tools-documents';
import { useShownRows } from './shown-rows';
import './tools-admin.css';

/**
 * `/admin/tool-data`, "Data tables" (15.05's "View data tables registry"): the tool data tables, and
 * one table's entries (`?table=<name>`) with "Reload" (its `.loc` files read again in every server
 * process) and the removal of an entry from its files.
 */
export function DataTablesPage() {
  const [params] = useSearchParams();
  const chosen = params.get('table');
  const [tables] = useQuery({ query: DataTablesQuery });
  const columns: ReadonlyArray<ListColumn<{ name: string; columns: readonly string[] }>> = [
    { header: 'Data table', rowHeader: true, cell: (table) => <Link to={`?table=${encodeURIComponent(table.name)}`} aria-current={table.name === chosen ? 'page' : undefined}>{table.name}</Link> },
    { header: 'Columns', cell: (table) => table.columns.join(', ') },
  ];
  return (
    <Page title="Data tables">
      <div className="admin-fit">
      <ErrorMessage error={tables.error} what="Could not list the data tables" />
      {tables.fetching && !tables.data && <p role="status">Loading…</p>}
      <ListTable columns={columns} rows={tables.data?.toolDataTables} rowKey={(table) => table.name} caption="Tool data tables" empty="No tool data table is configured." />
      {chosen && <DataTableEntries key={chosen} name={chosen} />}
    </div>
    </Page>
  );
}

function DataTableEntries({ name }: { name: string }) {
  const [table, refresh] = useQuery({ query: DataTableQuery, variables: { name } });
  const [reloaded, reload] = useMutation(ReloadDataTableMutation);
  const [deleted, deleteEntry] = useMutation(DeleteDataTableEntryMutation);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [said, setSaid] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const names = table.data?.toolDataTable.columns ?? [];
  const entries = (Array.isArray(table.data?.toolDataTable.fields) ? (table.data.toolDataTable.fields as string[][]) : []).map((values, index) => ({ key: `${index}:${values.join('\t')}`, values }));
  const shown = useShownRows(entries, filter, (entry, words) => entry.values.join(' ').toLowerCase().includes(words));
  const doReload = async () => {
    setSaid(null);
    const outcome = await reload({ name });
    if (!outcome.error) {
      refresh({ requestPolicy: 'network-only' });
      setSaid(`Data table ${name} reloaded: ${(outcome.data?.reloadToolDataTable.fields as unknown[] | undefined)?.length ?? 0} entries.`);
    }
  };
  const doDelete = async (values: readonly string[]) => {
    setSaid(null);
    const outcome = await deleteEntry({ name, values: values.join('\t') });
    setConfirming(null);
    if (!outcome.error) {
      refresh({ requestPolicy: 'network-only' });
      setSaid(`Entry ${values[0] ?? ''} removed from ${name}.`);
    }
  };
  const columns: ReadonlyArray<ListColumn<{ key: string; values: string[] }>> = [
    ...names.map((column, index) => ({ header: column, rowHeader: index === 0, cell: (entry: { values: string[] }) => entry.values[index] ?? '' })),
    {
      header: 'Actions',
      hideHeader: true,
      cell: (entry) =>
        confirming === entry.key ? (
          <span className="actions">
            <button type="button" onClick={() => doDelete(entry.values)} disabled={deleted.fetching}>
              Confirm removal of {entry.values[0]}
            </button>
            <button type="button" onClick={() => setConfirming(null)}>
              Cancel
            </button>
          </span>
        ) : (
          <button type="button" onClick={() => setConfirming(entry.key)}>
            Delete<span className="visually-hidden"> entry {entry.values[0] ?? ''}</span>
          </button>
        ),
    },
  ];
  return (
    <section aria-labelledby="data-table-entries">
      <div className="page-header">
        <h2 id="data-table-entries">Entries of {name}</h2>
        <button type="button" onClick={doReload} disabled={reloaded.fetching}>
          Reload
        </button>
      </div>
      <p className="muted">The entries of the table's .loc files; removing one rewrites the files without its line.</p>
      {said && <p role="status">{said}</p>}
      <ErrorMessage error={table.error} what="Could not read the data table" />
      <ErrorMessage error={reloaded.error} what="Could not reload the data table" />
      <ErrorMessage error={deleted.error} what="Could not remove the entry" />
      {table.fetching && !table.data && <p role="status">Loading…</p>}
      <label className="admin-filter">
        Filter entries
        <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} />
      </label>
      <ListTable
        columns={columns}
        rows={table.data ? shown.rows : undefined}
        rowKey={(entry) => entry.key}
        caption={`Entries of the data table ${name}`}
        empty="The table has no entry here."
        footer={
          shown.more && (
            <button type="button" onClick={shown.more}>
              Show more entries
            </button>
          )
        }
      />
    </section>
  );
}
