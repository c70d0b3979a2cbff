import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { ListTable, type ListColumn } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { DatatypesTable } from './DatatypesTable';
import { AdminToolPanelQuery, type AdminPanelSection, ReloadToolsMutation, type ToolReload } from './tools-documents';
import { useShownRows } from './shown-rows';
import './tools-admin.css';

interface PanelRow {
  section: string;
  tool: AdminPanelSection['tools'][number];
}

const panelColumns: ReadonlyArray<ListColumn<PanelRow>> = [
  { header: 'Tool', rowHeader: true, cell: (row) => <Link to={`/tools/${encodeURIComponent(row.tool.id)}`}>{row.tool.name}</Link> },
  { header: 'Section', cell: (row) => row.section || '—' },
  { header: 'Id', cell: (row) => <code className="admin-id">{row.tool.id}</code> },
  { header: 'Version', cell: (row) => row.tool.version },
];

/**
 * `/admin/tools`, "Tools and data": "Reload tools" (TOOL_DIRS read again in every server process,
 * saying what changed), the tool panel's sections and tools, and the datatypes registry with its
 * converters. The tool data tables have their own screen (`/admin/tool-data`).
 */
export function ToolsAdminPage() {
  const [panel, refreshPanel] = useQuery({ query: AdminToolPanelQuery, requestPolicy: 'cache-and-network' });
  const [reloaded, reload] = useMutation(ReloadToolsMutation);
  const [filter, setFilter] = useState('');
  const rows: PanelRow[] = (panel.data?.toolPanelSections ?? []).flatMap((section) => section.tools.map((tool) => ({ section: section.name, tool })));
  const shown = useShownRows(rows, filter, (row, words) => `${row.tool.name} ${row.tool.id} ${row.section} ${row.tool.description}`.toLowerCase().includes(words));
  const reloadTools = async () => {
    const outcome = await reload({});
    if (!outcome.error) refreshPanel({ requestPolicy: 'network-only' });
  };
  return (
    <Page title="Tools and data">
      <div className="admin-fit">
      <section aria-labelledby="reload-tools">
        <h2 id="reload-tools">Reload tools</h2>
        <p>Reads the tool files of the tool directories (TOOL_DIRS) again, in every server process, without a restart.</p>
        <button type="button" onClick={reloadTools} disabled={reloaded.fetching}>
          Reload tools
        </button>
        {reloaded.fetching && <p role="status">Reloading the tools…</p>}
        <ErrorMessage error={reloaded.error} what="Could not reload the tools" />
        {reloaded.data && !reloaded.fetching && <ReloadOutcome outcome={reloaded.data.reloadTools} />}
      </section>
      <section aria-labelledby="tool-panel">
        <h2 id="tool-panel">Tool panel</h2>
        <label className="admin-filter">
          Filter tools
          <input type="search" value={filter} onChange={(event) => setFilter(event.target.value)} placeholder="name, id or section" />
        </label>
        <ErrorMessage error={panel.error} what="Could not list the tools" />
        {panel.fetching && !panel.data && <p role="status">Loading…</p>}
        <p className="muted">
          {shown.total} of {rows.length} tools in {panel.data?.toolPanelSections.length ?? 0} sections
        </p>
        <ListTable
          columns={panelColumns}
          rows={panel.data ? shown.rows : undefined}
          rowKey={(row) => row.tool.id}
          caption="The tool panel's tools by section"
          empty="No tool matches the filter."
          footer={
            shown.more && (
              <button type="button" onClick={shown.more}>
                Show more tools
              </button>
            )
          }
        />
      </section>
      <DatatypesTable />
    </div>
    </Page>
  );
}

function ReloadOutcome({ outcome }: { outcome: ToolReload }) {
  const list = (label: string, ids: readonly string[]) =>
    ids.length > 0 && (
      <>
        <dt>{label}</dt>
        <dd>{ids.join(', ')}</dd>
      </>
    );
  const none = outcome.added.length + outcome.removed.length + outcome.changed.length === 0;
  return (
    <div role="status">
      <p>
        Tools reloaded: {outcome.added.length} added, {outcome.removed.length} removed, {outcome.changed.length} changed.{none && ' The tool set is unchanged.'}
      </p>
      {!none && (
        <dl className="facts">
          {list('Added', outcome.added)}
          {list('Removed', outcome.removed)}
          {list('Changed', outcome.changed)}
        </dl>
      )}
      {outcome.problems.length > 0 && (
        <div className="error">
          <strong>Files that did not load:</strong>
          <ul>
            {outcome.problems.map((problem) => (
              <li key={problem.file}>
                <code>{problem.file}</code>: {problem.message}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
