import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import type { ListColumn } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { type ConnectionPage, CursorPagedTable } from '../ui/CursorPagedTable';
import { type AuditEntry, AuditLogQuery } from './audit-documents';

const PAGE_SIZE = 50;

/** The filters, kept in the address (a filtered log can be linked to). */
const FILTERS = ['action', 'actor', 'target', 'since', 'until'] as const;
type Filters = Partial<Record<(typeof FILTERS)[number], string>>;

const columns: ReadonlyArray<ListColumn<AuditEntry>> = [
  { header: 'When', cell: (entry) => <time dateTime={`${entry.createTime}Z`}>{entry.createTime.replace('T', ' ').slice(0, 19)} UTC</time> },
  { header: 'Who', cell: (entry) => entry.actorEmail },
  { header: 'What', rowHeader: true, cell: (entry) => <code>{entry.action}</code> },
  {
    header: 'On what',
    cell: (entry) => (entry.targetType ? `${entry.targetType}${entry.targetLabel ? ` ${entry.targetLabel}` : ''}${entry.targetId ? ` (${entry.targetId})` : ''}` : '—'),
  },
  { header: 'From', cell: (entry) => entry.clientAddress ?? '—' },
  {
    header: 'Details',
    cell: (entry) =>
      Object.keys(entry.details as Record<string, unknown>).length === 0 ? (
        '—'
      ) : (
        <details>
          <summary>Arguments</summary>
          <pre className="admin-details">{JSON.stringify(entry.details, null, 2)}</pre>
        </details>
      ),
  },
];

/** `/admin/audit-log`: every administrative action, newest first, filtered by action, actor, target and time. */
export function AuditLogPage() {
  const [params, setParams] = useSearchParams();
  const filters: Filters = Object.fromEntries(FILTERS.flatMap((name) => (params.get(name) ? [[name, params.get(name) as string]] : [])));
  const [draft, setDraft] = useState<Filters>(filters);
  const apply = (event: FormEvent) => {
    event.preventDefault();
    setParams(Object.fromEntries(Object.entries(draft).filter(([, value]) => value && value.trim() !== '')) as Record<string, string>);
  };
  const usePage = (after: string | null): ConnectionPage<AuditEntry> => {
    const [result] = useQuery({ query: AuditLogQuery, variables: { first: PAGE_SIZE, after, ...filters }, requestPolicy: 'cache-and-network' });
    const page = result.data?.adminAuditLog;
    return {
      rows: page?.edges.map((edge) => edge.node),
      hasNextPage: page?.pageInfo.hasNextPage ?? false,
      endCursor: page?.pageInfo.endCursor ?? null,
      fetching: result.fetching && !page,
      error: result.error,
    };
  };
  const field = (name: (typeof FILTERS)[number], label: string, type = 'text', placeholder?: string) => (
    <label>
      {label}
      <input type={type} value={draft[name] ?? ''} placeholder={placeholder} onChange={(event) => setDraft({ ...draft, [name]: event.target.value })} />
    </label>
  );
  return (
    <Page title="Audit log">
      <form role="search" aria-label="Filter the audit log" className="admin-filters" onSubmit={apply}>
        {field('action', 'Action', 'text', 'user, role.create, …')}
        {field('actor', 'Who (email)')}
        {field('target', 'On what (name or id)')}
        {field('since', 'From', 'date')}
        {field('until', 'Until', 'date')}
        <button type="submit">Filter</button>
      </form>
      <CursorPagedTable
        usePage={usePage}
        columns={columns}
        rowKey={(entry) => entry.id}
        caption="Administrative actions, newest first"
        empty="No action on record matches the filter."
        errorWhat="Could not read the audit log"
        resetKey={JSON.stringify(filters)}
        moreLabel="Show older actions"
      />
    </Page>
  );
}
