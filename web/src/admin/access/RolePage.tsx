import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '../../graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { DeleteRoleMutation, PurgeRoleMutation, RoleQuery, UndeleteRoleMutation, UpdateRoleMutation } from './access-documents';
import { LifecycleControls } from './LifecycleControls';
import { MemberPicker, type Pick } from './MemberPicker';
import { useGroupOptions, useUserOptions } from './pick-options';

/** `/admin/roles/:roleId`: a role's name, description, users and groups; delete, undelete, purge. Private roles are shown, not edited. */
export function RolePage() {
  const { roleId = '' } = useParams();
  const [result] = useQuery({ query: RoleQuery, variables: { id: roleId }, requestPolicy: 'cache-and-network' });
  const role = result.data?.role;
  // Kept here: the editor starts again after a save.
  const [said, setSaid] = useState('');
  if (result.error) return <Page title="Role"><ErrorMessage error={result.error} what="Could not open the role" /></Page>;
  if (!role) return <Page title="Role"><p role="status">Loading…</p></Page>;
  // The form starts again from the stored role when its members change (a save, a purge).
  return <RoleEditor key={`${role.id}|${role.users.map((u) => u.id).join()}|${role.groups.map((g) => g.id).join()}`} role={role} said={said} setSaid={setSaid} />;
}

type LoadedRole = NonNullable<ResultOf<typeof RoleQuery>['role']>;

function RoleEditor({ role, said, setSaid }: { role: LoadedRole; said: string; setSaid: (said: string) => void }) {
  const [name, setName] = useState(role.name);
  const [description, setDescription] = useState(role.description);
  const [users, setUsers] = useState<Pick[]>(role.users.map((user) => ({ id: user.id, label: user.email ?? user.id })));
  const [groups, setGroups] = useState<Pick[]>(role.groups.map((group) => ({ id: group.id, label: group.name })));
  const [saved, save] = useMutation(UpdateRoleMutation);
  const [deleted, remove] = useMutation(DeleteRoleMutation);
  const [undeleted, undelete] = useMutation(UndeleteRoleMutation);
  const [purged, purge] = useMutation(PurgeRoleMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    const outcome = await save({ id: role.id, input: { name, description, userIds: users.map((u) => u.id), groupIds: groups.map((g) => g.id) } });
    if (outcome.data) setSaid(`Role '${outcome.data.updateRole.name}' has been saved.`);
  };
  const busy = deleted.fetching || undeleted.fetching || purged.fetching;
  return (
    <Page title={`Role ${role.name}`}>
      <p>
        <Link to="/admin/roles">All roles</Link>
      </p>
      {role.type === 'private' ? (
        <>
          <p>This is the private role of {role.users[0]?.email ?? 'a user'}: it cannot be changed or deleted.</p>
        </>
      ) : (
        <>
          <form className="panel admin-form" aria-label="Edit the role" onSubmit={submit}>
            <label>
              Name
              <input value={name} onChange={(event) => setName(event.target.value)} required />
            </label>
            <label>
              Description
              <input value={description} onChange={(event) => setDescription(event.target.value)} />
            </label>
            <MemberPicker legend="Users" noun="user" chosen={users} onChange={setUsers} useOptions={useUserOptions} hint="a part of the email" />
            <MemberPicker legend="Groups" noun="group" chosen={groups} onChange={setGroups} useOptions={useGroupOptions} hint="a part of the name" />
            <ErrorMessage error={saved.error} what="Could not save the role" />
            {said && <p role="status">{said}</p>}
            <button type="submit" disabled={saved.fetching}>
              Save
            </button>
          </form>
          <LifecycleControls
            noun="role"
            name={role.name}
            deleted={role.deleted}
            onDelete={() => void remove({ id: role.id })}
            onUndelete={() => void undelete({ id: role.id })}
            onPurge={() => void purge({ id: role.id })}
            purgeSays={`Purging takes the role from its ${role.users.length} users and ${role.groups.length} groups and removes every permission it grants (the datasets, folders and libraries it restricted no longer name it).`}
            busy={busy}
            error={deleted.error ?? undeleted.error ?? purged.error}
          />
        </>
      )}
    </Page>
  );
}
