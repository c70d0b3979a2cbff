import { type FormEvent, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import type { ListColumn } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { type ConnectionPage, CursorPagedTable } from '../ui/CursorPagedTable';
import { type UserRow, UsersPageQuery } from './users-documents';

const PAGE_SIZE = 50;
/** How long typing pauses before the list follows the search box. */
const SEARCH_PAUSE_MS = 150;

function stateOf(user: { deleted: boolean; purged: boolean }): string {
  if (user.purged) return 'purged';
  if (user.deleted) return 'deleted';
  return 'active';
}

const columns: ReadonlyArray<ListColumn<UserRow>> = [
  { header: 'Email', rowHeader: true, cell: (user) => <Link to={`/admin/users/${user.id}`}>{user.email ?? user.id}</Link> },
  { header: 'Public name', cell: (user) => user.username ?? '—' },
  { header: 'Disk usage', cell: (user) => user.niceTotalDiskUsage },
  { header: 'Quota use', cell: (user) => (user.quotaPercent === null || user.quotaPercent === undefined ? 'no limit' : `${user.quotaPercent}%`) },
  { header: 'State', cell: (user) => stateOf(user) },
];

/** The state filter: every user, active ones or deleted ones (purged included), kept in the address as `state`. */
const STATES = { all: null, active: false, deleted: true } as const;
type StateFilter = keyof typeof STATES;

function stateFilterOf(value: string | null): StateFilter {
  return value === 'active' || value === 'deleted' ? value : 'all';
}

function addressOf(search: string, state: StateFilter): Record<string, string> {
  return { ...(search ? { search } : {}), ...(state !== 'all' ? { state } : {}) };
}

/** `/admin/users`: every user by id, searched by a fragment of their email or public name as it is typed. */
export function UsersPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const state = stateFilterOf(params.get('state'));
  const [draft, setDraft] = useState(search);
  const show = (nextSearch: string, nextState: StateFilter) => setParams(addressOf(nextSearch, nextState), { replace: true });
  useEffect(() => {
    if (draft.trim() === search) return undefined;
    const timer = setTimeout(() => setParams(addressOf(draft.trim(), state), { replace: true }), SEARCH_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [draft, search, state, setParams]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    show(draft.trim(), state);
  };
  const usePage = (after: string | null): ConnectionPage<UserRow> => {
    const [result] = useQuery({
      query: UsersPageQuery,
      variables: { first: PAGE_SIZE, after, search: search || null, deleted: STATES[state] },
      requestPolicy: 'cache-and-network',
    });
    const page = result.data?.usersPage;
    return {
      rows: page?.edges.map((edge) => edge.node),
      hasNextPage: page?.pageInfo.hasNextPage ?? false,
      endCursor: page?.pageInfo.endCursor ?? null,
      fetching: result.fetching && !page,
      error: result.error,
    };
  };
  return (
    <Page title="Users" actions={<Link to="/admin/users/new">Create user</Link>}>
      <form role="search" aria-label="Search users" className="admin-filters" onSubmit={submit}>
        <label>
          Search users (email or public name)
          <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <label>
          State
          <select value={state} onChange={(event) => show(draft.trim(), stateFilterOf(event.target.value))}>
            <option value="all">All users</option>
            <option value="active">Active</option>
            <option value="deleted">Deleted or purged</option>
          </select>
        </label>
        <button type="submit">Search</button>
      </form>
      <CursorPagedTable
        usePage={usePage}
        columns={columns}
        rowKey={(user) => user.id}
        caption="Users"
        empty={search ? `No user's email or public name contains “${search}”.` : 'No users.'}
        errorWhat="Could not list the users"
        resetKey={`${state}|${search}`}
        moreLabel="Show more users"
      />
    </Page>
  );
}
