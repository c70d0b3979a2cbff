import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { FolderView } from './FolderView';
import { LibraryQuery } from './library-documents';

/** `/libraries/:libraryId`: the library's root folder. */
export function LibraryPage() {
  const { libraryId = '' } = useParams();
  const [result] = useQuery({ query: LibraryQuery, variables: { id: libraryId } });
  const library = result.data?.library;
  if (result.error) return <Page title="Library"><ErrorMessage error={result.error} what="Could not open the library" /></Page>;
  if (!library) return <Page title="Library"><p role="status">Loading…</p></Page>;
  if (!library.rootFolderId) return <Page title={library.name}><p>This library has no folder.</p></Page>;
  return <FolderView key={library.rootFolderId} libraryId={library.id} folderId={library.rootFolderId} />;
}

/** `/libraries/:libraryId/folders/:folderId`: one folder of a library. */
export function FolderPage() {
  const { libraryId = '', folderId = '' } = useParams();
  return <FolderView key={folderId} libraryId={libraryId} folderId={folderId} />;
}
