import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { type ResultOf } from '../graphql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { formatSize } from '../ui/format-size';
import { Page } from '../ui/Page';
import { ImportDatasetButton } from './ImportDatasetButton';
import { FolderContentsQuery } from './library-documents';
import { LibraryUploadForm } from './LibraryUploadForm';
import { NewFolderForm } from './NewFolderForm';

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
  if (result.error) return <Page title="Library folder"><ErrorMessage error={result.error} what="Could not open the folder" /></Page>;
  if (!contents) return <Page title="Library folder"><p role="status">Loading…</p></Page>;

  const path = contents.fullPath;
  const title = path[path.length - 1]?.name ?? 'Library folder';
  const crumbs = [
    { label: 'Libraries', to: '/libraries' },
    ...path.map((entry, index) => ({ label: entry.name, to: index === path.length - 1 ? undefined : folderPath(libraryId, entry.id, index === 0) })),
  ];
  const refresh = () => reexecute({ requestPolicy: 'network-only' });
  const items = contents.items.filter((item) => !item.deleted);

  return (
    <Page title={title}>
      <Breadcrumbs crumbs={crumbs} />
      {contents.canAddLibraryItem && (
        <div className="panel">
          <h2>Add to this folder</h2>
          <NewFolderForm parentId={folderId} onCreated={refresh} />
          <LibraryUploadForm libraryId={libraryId} folderId={folderId} onUploaded={refresh} />
        </div>
      )}
      {items.length === 0 ? (
        <p>This folder is empty.</p>
      ) : (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Contents of {title}</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Size</th>
                <th scope="col">State</th>
                <th scope="col">Date</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <FolderRow key={item.id} item={item} libraryId={libraryId} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}

function FolderRow({ item, libraryId }: { item: FolderItem; libraryId: string }) {
  const isFolder = item.type === 'folder';
  const state = item.state;
  return (
    <tr>
      <th scope="row">
        {isFolder ? <Link to={folderPath(libraryId, item.id, false)}>{item.name}</Link> : <Link to={`/libraries/${libraryId}/datasets/${item.id}`}>{item.name}</Link>}
        {item.isPrivate && <span className="badge">restricted</span>}
      </th>
      <td>{isFolder ? 'folder' : (item.fileExt ?? '')}</td>
      <td>{item.fileSize != null ? formatSize(item.fileSize) : ''}</td>
      <td>{state && <span className={`state state-${state}`} data-state={state}>{state}</span>}</td>
      <td>{new Date(item.dateUploaded ?? item.updateTime).toLocaleString()}</td>
      <td className="actions">{!isFolder && <ImportDatasetButton libraryDatasetId={item.id} name={item.name} />}</td>
    </tr>
  );
}
