import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '../../graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { MemberPicker, type Pick } from '../access/MemberPicker';
import { useRoleOptions } from '../access/pick-options';
import { DefaultPermissionsQuery, SetDefaultPermissionsMutation } from './permission-documents';

type Defaults = NonNullable<ResultOf<typeof DefaultPermissionsQuery>['defaultDatasetPermissions']>;
const picks = (roles: Defaults['access']): Pick[] => roles.map((role) => ({ id: role.id, label: role.name }));

/**
 * A user's default dataset permissions (15.05's "Default dataset permissions" of a user, as an
 * administrator sets them): the roles needed to access each new dataset of their histories, and
 * the roles that may manage its permissions. No access role: new datasets are public.
 */
export function DefaultPermissionsSection({ userId }: { userId: string }) {
  const [result] = useQuery({ query: DefaultPermissionsQuery, variables: { userId }, requestPolicy: 'cache-and-network' });
  const defaults = result.data?.defaultDatasetPermissions;
  return (
    <section aria-labelledby="default-permissions">
      <h2 id="default-permissions">Default dataset permissions{result.data?.user ? ` of ${result.data.user.email}` : ''}</h2>
      <ErrorMessage error={result.error} what="Could not read the default permissions" />
      {!defaults && !result.error && <p role="status">Loading…</p>}
      {defaults && <DefaultsForm key={[...defaults.access, ...defaults.manage].map((role) => role.id).join()} userId={userId} defaults={defaults} />}
    </section>
  );
}

function DefaultsForm({ userId, defaults }: { userId: string; defaults: Defaults }) {
  const [access, setAccess] = useState(picks(defaults.access));
  const [manage, setManage] = useState(picks(defaults.manage));
  const [saved, save] = useMutation(SetDefaultPermissionsMutation);
  const [said, setSaid] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    const outcome = await save({ userId, access: access.map((role) => role.id), manage: manage.map((role) => role.id) });
    if (outcome.data) setSaid('The default permissions have been saved.');
  };
  return (
    <form className="panel admin-form" aria-label="Default dataset permissions" onSubmit={submit}>
      <p className="hint">Each new dataset of the user&apos;s histories gets these roles. No access role: new datasets are public.</p>
      <MemberPicker legend="Access roles" noun="role" chosen={access} onChange={setAccess} useOptions={useRoleOptions} hint="a part of the name" />
      <MemberPicker legend="Manage roles" noun="role" chosen={manage} onChange={setManage} useOptions={useRoleOptions} hint="a part of the name" />
      <ErrorMessage error={saved.error} what="Could not save the default permissions" />
      {said && <p role="status">{said}</p>}
      <button type="submit" disabled={saved.fetching}>
        Save default permissions
      </button>
    </form>
  );
}
