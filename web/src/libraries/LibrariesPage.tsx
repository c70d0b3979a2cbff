import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { LibrariesQuery } from './library-documents';
import { NewLibraryForm } from './NewLibraryForm';

/** `/libraries`: the data libraries the caller may see; administrators create new ones here. */
export function LibrariesPage() {
  const [result] = useQuery({ query: LibrariesQuery });
  const { viewer } = useViewer();
  const libraries = result.data?.libraries ?? [];
  return (
    <Page title="Data libraries">
      {viewer?.isAdmin && <NewLibraryForm />}
      <ErrorMessage error={result.error} what="Could not list the libraries" />
      {result.fetching && !result.data && <p role="status">Loading libraries…</p>}
      {result.data && libraries.length === 0 && <p>There are no libraries you may see.</p>}
      {libraries.length > 0 && (
        <div className="table-scroll">
          <table>
            <caption className="visually-hidden">Data libraries</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Description</th>
                <th scope="col">Synopsis</th>
                <th scope="col">Access</th>
              </tr>
            </thead>
            <tbody>
              {libraries.map((library) => (
                <tr key={library.id}>
                  <th scope="row">
                    <Link to={`/libraries/${library.id}`}>{library.name}</Link>
                  </th>
                  <td>{library.description}</td>
                  <td>{library.synopsis}</td>
                  <td>{library.public ? 'public' : 'restricted'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Page>
  );
}
