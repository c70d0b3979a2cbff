import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ToolFormQuery } from './tool-documents';
import { ToolFormView } from './ToolFormView';

/** `/tools` and `/tools/:toolId`: the chosen tool's form, in the workbench's centre beside the tool panel. */
export function ToolsPage() {
  const { toolId } = useParams();
  return toolId ? (
    <ToolFormScreen key={toolId} toolId={toolId} />
  ) : (
    <Page title="Tools">
      <p>Choose a tool in the tool panel, or search for one.</p>
    </Page>
  );
}

function ToolFormScreen({ toolId }: { toolId: string }) {
  const [result] = useQuery({ query: ToolFormQuery, variables: { id: toolId } });
  const tool = result.data?.tool;
  if (!tool) {
    return (
      <Page title="Tool">
        <ErrorMessage error={result.error} what="Could not open the tool" />
        {result.fetching && <p role="status">Loading…</p>}
      </Page>
    );
  }
  return (
    <Page title={tool.name}>
      <p className="muted">
        {tool.description} · version {tool.version}
      </p>
      <ToolFormView tool={tool} />
    </Page>
  );
}
