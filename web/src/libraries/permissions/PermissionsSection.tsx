import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { MemberPicker, type Pick } from '../../admin/access/MemberPicker';
import { useRoleOptions } from '../../admin/access/pick-options';
import { ErrorMessage } from '../../ui/ErrorMessage';
import {
  FolderPermissionsQuery,
  LibraryDatasetPermissionsQuery,
  LibraryPermissionsQuery,
  SetFolderPermissionsMutation,
  SetLibraryDatasetPermissionsMutation,
  SetLibraryPermissionsMutation,
} from './permission-documents';

/** What is restricted: a library, a folder or a library dataset. */
export type PermissionsItem = 'library' | 'folder' | 'dataset';

/** The roles of each action, by 15.05's names (LIBRARY_ACCESS, LIBRARY_ADD, LIBRARY_MANAGE, LIBRARY_MODIFY, DATASET_ACCESS, DATASET_MANAGE_PERMISSIONS). */
const ACTIONS: Record<PermissionsItem, ReadonlyArray<{ key: 'access' | 'add' | 'manage' | 'modify'; legend: string }>> = {
  library: [
    { key: 'access', legend: 'Roles that may access the library' },
    { key: 'add', legend: 'Roles that may add items to the library' },
    { key: 'manage', legend: 'Roles that may manage permissions of the library' },
    { key: 'modify', legend: 'Roles that may modify the library' },
  ],
  folder: [
    { key: 'add', legend: 'Roles that may add items to the folder' },
    { key: 'manage', legend: 'Roles that may manage permissions of the folder' },
    { key: 'modify', legend: 'Roles that may modify the folder' },
  ],
  dataset: [
    { key: 'access', legend: 'Roles that may access the dataset' },
    { key: 'manage', legend: 'Roles that may manage permissions of the dataset' },
    { key: 'modify', legend: 'Roles that may modify the dataset' },
  ],
};

type Current = Partial<Record<'access' | 'add' | 'manage' | 'modify', Pick[]>>;

/**
 * "Permissions" of a library, a folder or a library dataset, for administrators: folded until opened
 * (nothing is read before), then the roles of each action edited with a searchable role picker and
 * saved at once. Roles are sent by name, as the contract's permission forms do.
 */
export function PermissionsSection({ item, id }: { item: PermissionsItem; id: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details className="panel permissions" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Permissions</summary>
      {open && <PermissionsEditor item={item} id={id} />}
    </details>
  );
}

const byRole = (roles: ReadonlyArray<{ id: string; name: string }>): Pick[] => roles.map((role) => ({ id: role.id, label: role.name }));
const byName = (names: readonly string[]): Pick[] => names.map((name) => ({ id: name, label: name }));

function useCurrent(item: PermissionsItem, id: string) {
  const [library] = useQuery({ query: LibraryPermissionsQuery, variables: { id }, pause: item !== 'library', requestPolicy: 'network-only' });
  const [folder] = useQuery({ query: FolderPermissionsQuery, variables: { id }, pause: item !== 'folder', requestPolicy: 'network-only' });
  const [dataset] = useQuery({ query: LibraryDatasetPermissionsQuery, variables: { id }, pause: item !== 'dataset', requestPolicy: 'network-only' });
  const result = item === 'library' ? library : item === 'folder' ? folder : dataset;
  let current: Current | undefined;
  const l = library.data?.libraryPermissions.current;
  const f = folder.data?.folderPermissions.current;
  const d = dataset.data?.libraryDatasetPermissions.current;
  if (item === 'library' && l) current = { access: byRole(l.access), add: byRole(l.add), manage: byRole(l.manage), modify: byRole(l.modify) };
  if (item === 'folder' && f) current = { add: byRole(f.add), manage: byRole(f.manage), modify: byRole(f.modify) };
  if (item === 'dataset' && d) current = { access: byName(d.access), manage: byName(d.manage), modify: byName(d.modify) };
  return { current, error: result.error };
}

function PermissionsEditor({ item, id }: { item: PermissionsItem; id: string }) {
  const { current, error } = useCurrent(item, id);
  if (error) return <ErrorMessage error={error} what="Could not read the permissions" />;
  if (!current) return <p role="status">Loading…</p>;
  return <PermissionsForm item={item} id={id} initial={current} />;
}

function PermissionsForm({ item, id, initial }: { item: PermissionsItem; id: string; initial: Current }) {
  const [roles, setRoles] = useState<Current>(initial);
  const [libraryResult, saveLibrary] = useMutation(SetLibraryPermissionsMutation);
  const [folderResult, saveFolder] = useMutation(SetFolderPermissionsMutation);
  const [datasetResult, saveDataset] = useMutation(SetLibraryDatasetPermissionsMutation);
  const [said, setSaid] = useState('');
  const names = (key: keyof Current) => (roles[key] ?? []).map((role) => role.label);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    const outcome =
      item === 'library'
        ? await saveLibrary({ id, roles: { access: names('access'), add: names('add'), manage: names('manage'), modify: names('modify') } })
        : item === 'folder'
          ? await saveFolder({ id, roles: { add: names('add'), manage: names('manage'), modify: names('modify') } })
          : await saveDataset({ id, roles: { access: names('access'), manage: names('manage'), modify: names('modify') } });
    if (!outcome.error) {
      const kept = outcome.data && 'setLibraryDatasetPermissions' in outcome.data ? outcome.data.setLibraryDatasetPermissions.current : null;
      if (kept) setRoles({ access: byName(kept.access), manage: byName(kept.manage), modify: byName(kept.modify) });
      setSaid('Permissions have been saved.');
    }
  };
  const saving = libraryResult.fetching || folderResult.fetching || datasetResult.fetching;
  const failed = libraryResult.error ?? folderResult.error ?? datasetResult.error;
  return (
    <form className="admin-form" aria-label={`Permissions of the ${item}`} onSubmit={submit}>
      {item === 'dataset' && <p className="hint">No access role: the dataset is public. Manage and modify roles are kept only among the access roles.</p>}
      {ACTIONS[item].map((action) => (
        <MemberPicker
          key={action.key}
          legend={action.legend}
          noun="role"
          chosen={roles[action.key] ?? []}
          onChange={(chosen) => setRoles((known) => ({ ...known, [action.key]: chosen }))}
          useOptions={useRoleOptions}
          hint="a part of the role's name"
        />
      ))}
      <ErrorMessage error={failed} what="Could not save the permissions" />
      {said && <p role="status">{said}</p>}
      <button type="submit" disabled={saving}>
        Save permissions
      </button>
    </form>
  );
}
