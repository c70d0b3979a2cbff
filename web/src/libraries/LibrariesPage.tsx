import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { type ResultOf } from '../graphql';
import { ListPage } from '../ui/ListPage';
import { type ListColumn, ListTable } from '../ui/ListTable';
import { LibrariesQuery } from './library-documents';
import { NewLibraryForm } from './NewLibraryForm';

type LibrarySummary = ResultOf<typeof LibrariesQuery>['libraries'][number];

const LIBRARY_COLUMNS: Array<ListColumn<LibrarySummary>> = [
  { header: 'Name', rowHeader: true, cell: (library) => <Link to={`/libraries/${library.id}`}>{library.name}</Link> },
  { header: 'Description', cell: (library) => library.description },
  { header: 'Synopsis', cell: (library) => library.synopsis },
  { header: 'Access', cell: (library) => (library.public ? 'public' : 'restricted') },
];

/** `/libraries`: the data libraries the caller may see; administrators create new ones here. */
export function LibrariesPage() {
  const [result] = useQuery({ query: LibrariesQuery });
  const { viewer } = useViewer();
  return (
    <ListPage
      title="Data libraries"
      toolbar={viewer?.isAdmin && <NewLibraryForm />}
      error={result.error}
      errorWhat="Could not list the libraries"
      loading={result.fetching && !result.data && 'Loading libraries…'}
    >
      <ListTable
        caption="Data libraries"
        columns={LIBRARY_COLUMNS}
        rows={result.data?.libraries}
        rowKey={(library) => library.id}
        empty="There are no libraries you may see."
      />
    </ListPage>
  );
}
