import { useParams, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { RerunStateQuery } from '../jobs/job-documents';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { ToolCitations } from './ToolCitations';
import { ToolFormQuery } from './tool-documents';
import { ToolFormView } from './ToolFormView';
import { RstHelp } from './RstHelp';
import './tool-form.css';

/** `/tools` and `/tools/:toolId` (`?rerun=<job id>`: filled in from that job): the chosen tool's form, in the workbench's centre beside the tool panel. */
export function ToolsPage() {
  const { toolId } = useParams();
  const [search] = useSearchParams();
  const rerun = search.get('rerun');
  return toolId ? (
    <ToolFormScreen key={`${toolId}|${rerun ?? ''}`} toolId={toolId} rerunJobId={rerun} />
  ) : (
    <Page title="Tools">
      <p>Choose a tool in the tool panel, or search for one.</p>
    </Page>
  );
}

function ToolFormScreen({ toolId, rerunJobId }: { toolId: string; rerunJobId: string | null }) {
  const [result] = useQuery({ query: ToolFormQuery, variables: { id: toolId } });
  const [rerunResult] = useQuery({ query: RerunStateQuery, variables: { id: rerunJobId ?? '' }, pause: !rerunJobId, requestPolicy: 'network-only' });
  const tool = result.data?.tool;
  const rerunJob = rerunResult.data?.job;
  const waitingForRerun = Boolean(rerunJobId) && !rerunJob && !rerunResult.error;
  if (!tool || waitingForRerun) {
    return (
      <Page title="Tool">
        <ErrorMessage error={result.error} what="Could not open the tool" />
        {(result.fetching || waitingForRerun) && <p role="status">Loading…</p>}
      </Page>
    );
  }
  const rerunUsable = rerunJob && rerunJob.rerunState && rerunJob.rerunState.toolId === tool.id ? rerunJob : undefined;
  return (
    <Page title={tool.name}>
      <p className="muted">{[tool.description, `version ${tool.version}`].filter(Boolean).join(' · ')}</p>
      <ErrorMessage error={rerunResult.error} what="Could not fill the form in from the job" />
      {rerunJob && !rerunUsable && <p className="error">The job cannot be run again with this form (another tool, or an upload).</p>}
      <ToolFormView tool={tool} rerun={rerunUsable} />
      {tool.help.trim() && (
        <section className="tool-help" aria-labelledby="tool-help-heading">
          <h2 id="tool-help-heading">Help</h2>
          <RstHelp source={tool.help} headingLevel={3} />
        </section>
      )}
      <ToolCitations citations={tool.citations} />
    </Page>
  );
}
