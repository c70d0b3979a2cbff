import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ItemList } from './ItemList';
import { SharedWithMeQuery } from './sharing-documents';

/** `/shared`: the histories, workflows, pages and visualizations other users shared with the caller. */
export function SharedWithMePage() {
  const [result] = useQuery({ query: SharedWithMeQuery });
  const data = result.data;
  const me = data?.viewer.user?.username;
  return (
    <Page title="Shared with me">
      <ErrorMessage error={result.error} what="Could not list what was shared with you" />
      {!data && result.fetching && <p role="status">Loading…</p>}
      {data && !data.viewer.user && <p>Sign in to see what other users shared with you.</p>}
      {data?.viewer.user && (
        <>
          <ItemList
            heading="Histories"
            empty="No histories are shared with you."
            items={data.historiesSharedWithMe.map((history) => ({ id: history.id, title: history.name, to: `/histories/${history.id}`, detail: <span className="muted">{history.count} datasets</span> }))}
          />
          <ItemList
            heading="Workflows"
            empty="No workflows are shared with you."
            items={data.workflows
              .filter((workflow) => workflow.owner !== me && !workflow.published)
              .map((workflow) => ({ id: workflow.id, title: workflow.name, to: `/workflows/${workflow.id}`, detail: <span className="muted">by {workflow.owner}</span> }))}
          />
          <ItemList heading="Pages" empty="No pages are shared with you." items={data.pagesSharedWithMe.map((page) => ({ id: page.id, title: page.title, to: `/pages/${page.id}` }))} />
          <ItemList
            heading="Visualizations"
            empty="No visualizations are shared with you."
            items={data.visualizationsSharedWithMe.map((visualization) => ({
              id: visualization.id,
              title: visualization.title,
              to: `/api/visualizations/${visualization.id}`,
              external: true,
              detail: <span className="muted">{visualization.type}</span>,
            }))}
          />
        </>
      )}
    </Page>
  );
}
