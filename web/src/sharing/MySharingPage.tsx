import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ItemList } from './ItemList';
import { MyShareableItemsQuery } from './sharing-documents';

const accessOf = (item: { published?: boolean; importable?: boolean }) =>
  item.published ? 'published' : item.importable ? 'accessible by link' : undefined;

/** `/sharing`: the caller's histories, workflows, pages and visualizations, each to share. */
export function MySharingPage() {
  const [result] = useQuery({ query: MyShareableItemsQuery });
  const data = result.data;
  const me = data?.viewer.user?.username;
  const detail = (item: { published?: boolean; importable?: boolean }) => {
    const access = accessOf(item);
    return access ? <span className="badge">{access}</span> : undefined;
  };
  return (
    <Page title="Sharing">
      <p>Choose an item to make it accessible by link, publish it, or share it with other users.</p>
      <ErrorMessage error={result.error} what="Could not list your items" />
      {!data && result.fetching && <p role="status">Loading…</p>}
      {data && !data.viewer.user && <p>Sign in to share your items.</p>}
      {data?.viewer.user && (
        <>
          <ItemList
            heading="Your histories"
            empty="You have no histories."
            items={data.histories.map((history) => ({ id: history.id, title: `Share ${history.name}`, to: `/sharing/histories/${history.id}`, detail: detail(history) }))}
          />
          <ItemList
            heading="Your workflows"
            empty="You have no workflows."
            items={data.workflows
              .filter((workflow) => workflow.owner === me)
              .map((workflow) => ({ id: workflow.id, title: `Share ${workflow.name}`, to: `/sharing/workflows/${workflow.id}`, detail: detail(workflow) }))}
          />
          <ItemList
            heading="Your pages"
            empty="You have no pages."
            items={data.pages
              .filter((page) => page.owner === me)
              .map((page) => ({ id: page.id, title: `Share ${page.title}`, to: `/sharing/pages/${page.id}`, detail: detail(page) }))}
          />
          <ItemList
            heading="Your visualizations"
            empty="You have no visualizations."
            items={data.visualizations
              .filter((visualization) => visualization.owner === me)
              .map((visualization) => ({ id: visualization.id, title: `Share ${visualization.title}`, to: `/sharing/visualizations/${visualization.id}` }))}
          />
        </>
      )}
    </Page>
  );
}
