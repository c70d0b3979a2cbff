import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { type ListColumn, ListTable } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { CreateGroupMutation, type GroupRow, GroupsQuery } from './access-documents';
import { MemberPicker, type Pick } from './MemberPicker';
import { useRoleOptions, useUserOptions } from './pick-options';

const columns: ReadonlyArray<ListColumn<GroupRow>> = [
  { header: 'Name', rowHeader: true, cell: (group) => <Link to={`/admin/groups/${group.id}`}>{group.name}</Link> },
];

/**
 * `/admin/groups`: groups are few by nature (a facility's teams, made by hand), so the list is read
 * whole and filtered on screen by a fragment of the name; "Create new group".
 */
export function GroupsPage() {
  const [search, setSearch] = useState('');
  const [deleted, setDeleted] = useState(false);
  const [result] = useQuery({ query: GroupsQuery, variables: { deleted }, requestPolicy: 'cache-and-network' });
  const needle = search.trim().toLowerCase();
  const rows = result.data?.groups.filter((group) => group.name.toLowerCase().includes(needle));
  return (
    <Page title="Groups">
      <form role="search" aria-label="Search the groups" className="admin-filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Name
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={deleted} onChange={(event) => setDeleted(event.target.checked)} /> Deleted groups
        </label>
      </form>
      <ErrorMessage error={result.error} what="Could not list the groups" />
      <ListTable caption="Groups" columns={columns} rows={rows} rowKey={(group) => group.id} empty="No group matches." />
      <NewGroupForm />
    </Page>
  );
}

function NewGroupForm() {
  const [name, setName] = useState('');
  const [users, setUsers] = useState<Pick[]>([]);
  const [roles, setRoles] = useState<Pick[]>([]);
  const [created, create] = useMutation(CreateGroupMutation);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await create({ input: { name, userIds: users.map((u) => u.id), roleIds: roles.map((r) => r.id) } });
    if (outcome.data) navigate(`/admin/groups/${outcome.data.createGroup.id}`);
  };
  return (
    <form className="panel admin-form" aria-labelledby="new-group" onSubmit={submit}>
      <h2 id="new-group">Create new group</h2>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} required />
      </label>
      <MemberPicker legend="Users" noun="user" chosen={users} onChange={setUsers} useOptions={useUserOptions} hint="a part of the email" />
      <MemberPicker legend="Roles" noun="role" chosen={roles} onChange={setRoles} useOptions={useRoleOptions} hint="a part of the name" />
      <ErrorMessage error={created.error} what="Could not create the group" />
      <button type="submit" disabled={created.fetching}>
        Create group
      </button>
    </form>
  );
}
