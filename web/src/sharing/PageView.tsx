import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { PageContentView } from '../pages/PageContentView';
import { PageWithEmbedsQuery } from '../pages/page-documents';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';

/**
 * `/pages/:pageId`: a page's latest revision, and its owner. The HTML is the graph's
 * `page { content }`, which the service sanitizes whenever it answers it (whatever the table holds:
 * `src/services/pages/page-content.ts`); its embedded items are drawn from `page { embeds }`, read
 * with the viewer's rights (`web/src/pages/PageContentView.tsx`). Visitors read a published or
 * link-accessible page; a private one shows the graph's refusal.
 */
export function PageView() {
  const { pageId = '' } = useParams();
  const { viewer } = useViewer();
  const [result] = useQuery({ query: PageWithEmbedsQuery, variables: { id: pageId } });
  const page = result.data?.page;
  if (result.error) return <Page title="Page"><ErrorMessage error={result.error} what="Could not open the page" /></Page>;
  if (!page) return <Page title="Page"><p role="status">Loading…</p></Page>;
  const mine = viewer?.user != null && page.owner === viewer.user.username;
  return (
    <Page title={page.title} actions={mine && <Link to={`/pages/${page.id}/edit`}>Edit content</Link>}>
      <p className="muted">By {page.owner ?? 'an unnamed user'}</p>
      {page.content ? <PageContentView content={page.content} embeds={page.embeds} /> : <p>This page is empty.</p>}
    </Page>
  );
}
