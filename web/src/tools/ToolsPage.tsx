import { useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ToolFormQuery } from './tool-documents';
import { ToolFormView } from './ToolFormView';
import { ToolPanel } from './ToolPanel';

/** `/tools` and `/tools/:toolId`: the tool panel, and the chosen tool's form beside it. */
export function ToolsPage() {
  const { toolId } = useParams();
  return (
    <div className="tools-layout">
      <ToolPanel />
      {toolId ? (
        <ToolFormScreen key={toolId} toolId={toolId} />
      ) : (
        <Page title="Tools">
          <p>Choose a tool in the panel, or search for one.</p>
        </Page>
      )}
    </div>
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
