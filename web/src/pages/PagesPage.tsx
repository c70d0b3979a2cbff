import { Link } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { type ResultOf } from '../graphql';
import { ListPage } from '../ui/ListPage';
import { type ListColumn, ListTable } from '../ui/ListTable';
import { MyPagesQuery } from './page-documents';

type PageSummary = ResultOf<typeof MyPagesQuery>['pages'][number];

/**
 * `/pages` (15.05's "Pages" list): the caller's own pages with "View", "Edit content" and their
 * sharing screen, and "Create new page". Others' published pages are on the Published screen.
 */
export function PagesPage() {
  const { viewer } = useViewer();
  const user = viewer?.user ?? null;
  const [result] = useQuery({ query: MyPagesQuery, pause: !user, requestPolicy: 'cache-and-network' });
  const me = user?.username ?? null;
  // The graph lists the caller's pages first, then others' published ones (whose owners all have a public name).
  const mine = user ? result.data?.pages.filter((page) => page.owner === me) : undefined;
  return (
    <ListPage
      title="Pages"
      toolbar={
        viewer && !user ? (
          <p>
            <Link to="/login">Sign in</Link> to write pages. Everybody's published pages are on the <Link to="/published">Published</Link> screen.
          </p>
        ) : (
          user && (
            <p className="actions">
              <Link to="/pages/new">Create new page</Link>
            </p>
          )
        )
      }
      error={user ? result.error : undefined}
      errorWhat="Could not list the pages"
      loading={user && !mine && result.fetching && 'Loading pages…'}
    >
      <ListTable caption="Your pages" columns={pageColumns(me)} rows={mine} rowKey={(page) => page.id} empty="You have no pages yet." />
    </ListPage>
  );
}

const pageColumns = (me: string | null): Array<ListColumn<PageSummary>> => [
  { header: 'Title', rowHeader: true, cell: (page) => <Link to={`/pages/${page.id}`}>{page.title}</Link> },
  {
    header: 'Address',
    cell: (page) => (me && (page.published || page.importable) ? <Link to={`/u/${me}/p/${page.slug}`}>{`/u/${me}/p/${page.slug}`}</Link> : <span className="muted">{page.slug}</span>),
  },
  { header: 'Sharing', cell: (page) => (page.published ? 'published' : page.importable ? 'accessible by link' : 'private') },
  {
    header: 'Actions',
    hideHeader: true,
    className: 'actions',
    cell: (page) => (
      <>
        <Link to={`/pages/${page.id}`} aria-label={`View ${page.title}`}>
          View
        </Link>
        <Link to={`/pages/${page.id}/edit`} aria-label={`Edit content of ${page.title}`}>
          Edit content
        </Link>
        <Link to={`/sharing/pages/${page.id}`} aria-label={`Share or publish ${page.title}`}>
          Share or Publish
        </Link>
      </>
    ),
  },
];
