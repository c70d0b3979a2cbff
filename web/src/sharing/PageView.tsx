import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { PageQuery } from './sharing-documents';

/**
 * `/pages/:pageId`: a page's latest revision as HTML, and its owner. The HTML is the graph's
 * `page { content }`, which the service sanitizes whenever it answers it (whatever the table holds:
 * `src/services/pages/page-content.ts`), and nothing else is inserted as markup. Visitors read a
 * published or link-accessible page; a private one shows the graph's refusal.
 */
export function PageView() {
  const { pageId = '' } = useParams();
  const [result] = useQuery({ query: PageQuery, variables: { id: pageId } });
  const page = result.data?.page;
  if (result.error) return <Page title="Page"><ErrorMessage error={result.error} what="Could not open the page" /></Page>;
  if (!page) return <Page title="Page"><p role="status">Loading…</p></Page>;
  return (
    <Page title={page.title}>
      <p className="muted">By {page.owner ?? 'an unnamed user'}</p>
      {page.content ? <article className="page-content" dangerouslySetInnerHTML={{ __html: page.content }} /> : <p>This page is empty.</p>}
    </Page>
  );
}
