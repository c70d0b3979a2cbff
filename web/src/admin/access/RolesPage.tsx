import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import type { ListColumn } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { type ConnectionPage, CursorPagedTable } from '../ui/CursorPagedTable';
import { AdminRolesQuery, CreateRoleMutation, type RoleRow } from './access-documents';
import { MemberPicker, type Pick } from './MemberPicker';
import { useGroupOptions, useUserOptions } from './pick-options';

const PAGE_SIZE = 50;

const columns: ReadonlyArray<ListColumn<RoleRow>> = [
  { header: 'Name', rowHeader: true, cell: (role) => <Link to={`/admin/roles/${role.id}`}>{role.name}</Link> },
  { header: 'Description', cell: (role) => role.description },
  { header: 'Type', cell: (role) => role.type },
];

/**
 * `/admin/roles`: roles paged by cursor (a site has one private role per user, so they are many:
 * the private ones are listed only on request), searched by name or description; "Create new role".
 */
export function RolesPage() {
  const [draft, setDraft] = useState('');
  const [filter, setFilter] = useState({ search: '', deleted: false, includePrivate: false });
  const usePage = (after: string | null): ConnectionPage<RoleRow> => {
    const [result] = useQuery({ query: AdminRolesQuery, variables: { first: PAGE_SIZE, after, ...filter }, requestPolicy: 'cache-and-network' });
    const page = result.data?.adminRoles;
    return { rows: page?.nodes, hasNextPage: page?.pageInfo.hasNextPage ?? false, endCursor: page?.pageInfo.endCursor ?? null, fetching: result.fetching && !page, error: result.error };
  };
  return (
    <Page title="Roles">
      <form role="search" aria-label="Search the roles" className="admin-filters" onSubmit={(event) => { event.preventDefault(); setFilter({ ...filter, search: draft.trim() }); }}>
        <label>
          Name or description
          <input type="search" value={draft} onChange={(event) => setDraft(event.target.value)} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={filter.deleted} onChange={(event) => setFilter({ ...filter, deleted: event.target.checked })} /> Deleted roles
        </label>
        <label className="inline">
          <input type="checkbox" checked={filter.includePrivate} onChange={(event) => setFilter({ ...filter, includePrivate: event.target.checked })} /> Users&apos; private roles
        </label>
        <button type="submit">Search</button>
      </form>
      <CursorPagedTable
        usePage={usePage}
        columns={columns}
        rowKey={(role) => role.id}
        caption="Roles"
        empty="No role matches."
        errorWhat="Could not list the roles"
        resetKey={JSON.stringify(filter)}
        moreLabel="Show more roles"
      />
      <NewRoleForm />
    </Page>
  );
}

function NewRoleForm() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [users, setUsers] = useState<Pick[]>([]);
  const [groups, setGroups] = useState<Pick[]>([]);
  const [created, create] = useMutation(CreateRoleMutation);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await create({ input: { name, description, userIds: users.map((u) => u.id), groupIds: groups.map((g) => g.id) } });
    if (outcome.data) navigate(`/admin/roles/${outcome.data.createRole.id}`);
  };
  return (
    <form className="panel admin-form" aria-labelledby="new-role" onSubmit={submit}>
      <h2 id="new-role">Create new role</h2>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} required />
      </label>
      <label>
        Description
        <input value={description} onChange={(event) => setDescription(event.target.value)} required />
      </label>
      <MemberPicker legend="Users" noun="user" chosen={users} onChange={setUsers} useOptions={useUserOptions} hint="a part of the email" />
      <MemberPicker legend="Groups" noun="group" chosen={groups} onChange={setGroups} useOptions={useGroupOptions} hint="a part of the name" />
      <ErrorMessage error={created.error} what="Could not create the role" />
      <button type="submit" disabled={created.fetching}>
        Create role
      </button>
    </form>
  );
}
