import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '../../graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { DeleteGroupMutation, EditGroupMutation, GroupQuery, PurgeGroupMutation, UndeleteGroupMutation } from './access-documents';
import { LifecycleControls } from './LifecycleControls';
import { MemberPicker, type Pick } from './MemberPicker';
import { useRoleOptions, useUserOptions } from './pick-options';

type LoadedGroup = NonNullable<ResultOf<typeof GroupQuery>['group']>;

/** `/admin/groups/:groupId`: a group's name, users and roles (its quotas shown); delete, undelete, purge. */
export function GroupPage() {
  const { groupId = '' } = useParams();
  const [result] = useQuery({ query: GroupQuery, variables: { id: groupId }, requestPolicy: 'cache-and-network' });
  const group = result.data?.group;
  const [said, setSaid] = useState('');
  if (result.error) return <Page title="Group"><ErrorMessage error={result.error} what="Could not open the group" /></Page>;
  if (!group) return <Page title="Group"><p role="status">Loading…</p></Page>;
  return <GroupEditor key={`${group.id}|${group.users.map((u) => u.id).join()}|${group.roles.map((r) => r.id).join()}`} group={group} said={said} setSaid={setSaid} />;
}

function GroupEditor({ group, said, setSaid }: { group: LoadedGroup; said: string; setSaid: (said: string) => void }) {
  const [name, setName] = useState(group.name);
  const [users, setUsers] = useState<Pick[]>(group.users.map((user) => ({ id: user.id, label: user.email ?? user.id })));
  const [roles, setRoles] = useState<Pick[]>(group.roles.map((role) => ({ id: role.id, label: role.name })));
  const [saved, save] = useMutation(EditGroupMutation);
  const [deleted, remove] = useMutation(DeleteGroupMutation);
  const [undeleted, undelete] = useMutation(UndeleteGroupMutation);
  const [purged, purge] = useMutation(PurgeGroupMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    const outcome = await save({ id: group.id, input: { name, userIds: users.map((u) => u.id), roleIds: roles.map((r) => r.id) } });
    if (outcome.data) setSaid(`Group '${outcome.data.editGroup.name}' has been saved.`);
  };
  return (
    <Page title={`Group ${group.name}`}>
      <p>
        <Link to="/admin/groups">All groups</Link>
      </p>
      <form className="panel admin-form" aria-label="Edit the group" onSubmit={submit}>
        <label>
          Name
          <input value={name} onChange={(event) => setName(event.target.value)} required />
        </label>
        <MemberPicker legend="Users" noun="user" chosen={users} onChange={setUsers} useOptions={useUserOptions} hint="a part of the email" />
        <MemberPicker legend="Roles" noun="role" chosen={roles} onChange={setRoles} useOptions={useRoleOptions} hint="a part of the name" />
        <ErrorMessage error={saved.error} what="Could not save the group" />
        {said && <p role="status">{said}</p>}
        <button type="submit" disabled={saved.fetching}>
          Save
        </button>
      </form>
      <p>
        Quotas: {group.quotas.length === 0 ? 'none' : group.quotas.map((quota, index) => (
          <span key={quota.id}>
            {index > 0 && ', '}
            <Link to={`/admin/quotas/${quota.id}`}>{quota.name}</Link>
          </span>
        ))}
      </p>
      <LifecycleControls
        noun="group"
        name={group.name}
        deleted={group.deleted}
        onDelete={() => void remove({ id: group.id })}
        onUndelete={() => void undelete({ id: group.id })}
        onPurge={() => void purge({ id: group.id })}
        purgeSays={`Purging takes the group's ${group.users.length} users, ${group.roles.length} roles and ${group.quotas.length} quotas from it.`}
        busy={deleted.fetching || undeleted.fetching || purged.fetching}
        error={deleted.error ?? undeleted.error ?? purged.error}
      />
    </Page>
  );
}
