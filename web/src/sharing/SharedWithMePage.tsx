import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ItemList } from './ItemList';
import { byOwner } from './owner';
import { SharedWithMeQuery } from './sharing-documents';

/** `/shared`: the histories, workflows, pages and visualizations other users shared with the caller, with their owners. */
export function SharedWithMePage() {
  const { viewer } = useViewer();
  const signedIn = Boolean(viewer?.user);
  // Visitors are not asked for the lists (the graph would ask them to sign in).
  const [result] = useQuery({ query: SharedWithMeQuery, pause: !signedIn });
  const data = signedIn ? result.data : undefined;
  return (
    <Page title="Shared with me">
      <ErrorMessage error={signedIn ? result.error : undefined} what="Could not list what was shared with you" />
      {(!viewer || (signedIn && !data && result.fetching)) && <p role="status">Loading…</p>}
      {viewer && !signedIn && <p>Sign in to see what other users shared with you.</p>}
      {data && (
        <>
          <ItemList
            heading="Histories"
            empty="No histories are shared with you."
            items={data.historiesSharedWithMe.map((history) => ({ id: history.id, title: history.name, to: `/histories/${history.id}`, detail: byOwner(history.owner, `${history.count} datasets`) }))}
          />
          <ItemList
            heading="Workflows"
            empty="No workflows are shared with you."
            items={data.workflowsSharedWithMe.map((workflow) => ({ id: workflow.id, title: workflow.name, to: `/workflows/${workflow.id}`, detail: byOwner(workflow.owner) }))}
          />
          <ItemList
            heading="Pages"
            empty="No pages are shared with you."
            items={data.pagesSharedWithMe.map((page) => ({ id: page.id, title: page.title, to: `/pages/${page.id}`, detail: byOwner(page.owner) }))}
          />
          <ItemList
            heading="Visualizations"
            empty="No visualizations are shared with you."
            items={data.visualizationsSharedWithMe.map((visualization) => ({
              id: visualization.id,
              title: visualization.title,
              to: `/visualizations/${visualization.id}`,
              detail: byOwner(visualization.owner, visualization.type),
            }))}
          />
        </>
      )}
    </Page>
  );
}
