import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { type ResultOf } from '../graphql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { formatSize } from '../ui/format-size';
import { ListPage } from '../ui/ListPage';
import { type ListColumn, ListTable } from '../ui/ListTable';
import { ImportDatasetButton } from './ImportDatasetButton';
import { FolderContentsQuery } from './library-documents';
import { LibraryUploadForm } from './LibraryUploadForm';
import { NewFolderForm } from './NewFolderForm';
import { AddFromHistoryForm } from './AddFromHistoryForm';
import { ImportSelectedForm } from './ImportSelectedForm';
import { useViewer } from '../account/viewer';
import { PermissionsSection } from './permissions/PermissionsSection';
import './library-transfers.css';

type FolderItem = ResultOf<typeof FolderContentsQuery>['folderContents']['items'][number];

/** Dataset states a library upload passes through before it is over. */
const PENDING_STATES = new Set(['new', 'upload', 'queued', 'running', 'setting_metadata']);
const REREAD_MS = 1500;

const folderPath = (libraryId: string, folderId: string, isRoot: boolean) =>
  isRoot ? `/libraries/${libraryId}` : `/libraries/${libraryId}/folders/${folderId}`;

/** A library folder's first level: subfolders to open, datasets to import into the current history. */
export function FolderView({ libraryId, folderId }: { libraryId: string; folderId: string }) {
  const [result, reexecute] = useQuery({ query: FolderContentsQuery, variables: { id: folderId } });
  const contents = result.data?.folderContents;
  const pending = (contents?.items ?? []).some((item) => item.state !== null && PENDING_STATES.has(item.state));
  // A new upload is processed by a job: its state (and size) are read again until it is over.
  useEffect(() => {
    if (!pending || result.fetching) return undefined;
    const timer = window.setTimeout(() => reexecute({ requestPolicy: 'network-only' }), REREAD_MS);
    return () => window.clearTimeout(timer);
  }, [pending, result.fetching, reexecute]);
  // An error is shown alone, as is the loading status until the folder is read.
  const shown = result.error ? undefined : contents;
  const path = shown?.fullPath ?? [];
  const title = path[path.length - 1]?.name ?? 'Library folder';
  const crumbs = [
    { label: 'Libraries', to: '/libraries' },
    ...path.map((entry, index) => ({ label: entry.name, to: index === path.length - 1 ? undefined : folderPath(libraryId, entry.id, index === 0) })),
  ];
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  const listed = shown?.items.filter((item) => !item.deleted);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const { viewer } = useViewer();
  const signedIn = Boolean(viewer?.user);
  const selection = {
    datasetIds: (listed ?? []).filter((item) => item.type !== 'folder' && selected.has(item.id)).map((item) => item.id),
    folderIds: (listed ?? []).filter((item) => item.type === 'folder' && selected.has(item.id)).map((item) => item.id),
  };
  const allSelected = Boolean(listed?.length) && listed?.every((item) => selected.has(item.id));
  const select = (id: string, on: boolean) =>
    setSelected((known) => {
      const next = new Set(known);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ListPage
      title={title}
      toolbar={
        shown && (
          <>
            <Breadcrumbs crumbs={crumbs} />
            {viewer?.isAdmin && <PermissionsSection item={path.length === 1 ? 'library' : 'folder'} id={path.length === 1 ? libraryId : folderId} />}
            {shown.canAddLibraryItem && (
              <div className="panel">
                <h2>Add to this folder</h2>
                <NewFolderForm parentId={folderId} onCreated={refresh} />
                <LibraryUploadForm libraryId={libraryId} folderId={folderId} onUploaded={refresh} />
                {signedIn && <AddFromHistoryForm folderId={folderId} onAdded={refresh} />}
              </div>
            )}
            {signedIn && Boolean(listed?.length) && (
              <p className="select-all">
                <label>
                  <input type="checkbox" checked={allSelected} onChange={(event) => setSelected(new Set(event.target.checked ? (listed ?? []).map((item) => item.id) : []))} /> Select all
                </label>
              </p>
            )}
          </>
        )
      }
      error={result.error}
      errorWhat="Could not open the folder"
      loading={!result.error && !contents && 'Loading…'}
    >
      <ListTable
        caption={`Contents of ${title}`}
        columns={signedIn ? [selectColumn(selected, select), ...folderColumns(libraryId)] : folderColumns(libraryId)}
        rows={listed}
        rowKey={(item) => item.id}
        empty="This folder is empty."
      />
      {signedIn && Boolean(listed?.length) && <ImportSelectedForm selection={selection} onImported={() => setSelected(new Set())} />}
    </ListPage>
  );
}

/** A checkbox per row, to import the chosen items at once. */
const selectColumn = (selected: ReadonlySet<string>, select: (id: string, on: boolean) => void): ListColumn<FolderItem> => ({
  header: 'Select',
  hideHeader: true,
  className: 'select',
  cell: (item) => <input type="checkbox" checked={selected.has(item.id)} onChange={(event) => select(item.id, event.target.checked)} aria-label={`Select ${item.name}`} />,
});

const folderColumns = (libraryId: string): Array<ListColumn<FolderItem>> => [
  {
    header: 'Name',
    rowHeader: true,
    cell: (item) => (
      <>
        {item.type === 'folder' ? <Link to={folderPath(libraryId, item.id, false)}>{item.name}</Link> : <Link to={`/libraries/${libraryId}/datasets/${item.id}`}>{item.name}</Link>}
        {item.isPrivate && <span className="badge">restricted</span>}
      </>
    ),
  },
  { header: 'Type', cell: (item) => (item.type === 'folder' ? 'folder' : (item.fileExt ?? '')) },
  { header: 'Size', cell: (item) => (item.fileSize != null ? formatSize(item.fileSize) : '') },
  { header: 'State', cell: ({ state }) => state && <span className={`state state-${state}`} data-state={state}>{state}</span> },
  { header: 'Date', cell: (item) => new Date(item.dateUploaded ?? item.updateTime).toLocaleString() },
  { header: 'Actions', hideHeader: true, className: 'actions', cell: (item) => item.type !== 'folder' && <ImportDatasetButton libraryDatasetId={item.id} name={item.name} /> },
];
