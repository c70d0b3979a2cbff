import { useId, useState } from 'react';
import { useQuery } from 'urql';
import { useCurrentHistory } from '../history/current-history';
import { ErrorMessage } from '../ui/ErrorMessage';
import { EMBED_TITLE_WORD, type EmbedKind } from './markdown/page-blocks';
import { EmbeddableDatasetsQuery, EmbeddableHistoriesQuery, EmbeddableVisualizationsQuery, EmbeddableWorkflowsQuery } from './page-documents';

export interface Embeddable {
  id: string;
  name: string;
  /** Who shared it, when it is not the caller's. */
  owner?: string | null;
  /** How the list names it, when not by its name alone (a dataset: its hid too). */
  label?: string;
}

const PLURAL: Record<EmbedKind, string> = { history: 'histories', dataset: 'datasets', workflow: 'workflows', visualization: 'visualizations' };

/**
 * The list an "Embed …" button opens: the caller's items of that kind (and those shared with them),
 * by name, each with a button that embeds it; datasets from a history chosen in the list of
 * histories (the current one first).
 */
export function EmbedPicker({ kind, me, onPick, onClose }: { kind: EmbedKind; me: string | null; onPick: (item: Embeddable) => void; onClose: () => void }) {
  const headingId = useId();
  return (
    <section className="embed-picker" aria-labelledby={headingId}>
      <h2 id={headingId} className="embed-title">
        Embed {EMBED_TITLE_WORD[kind]}
      </h2>
      {kind === 'history' && <HistoryChoices me={me} onPick={onPick} />}
      {kind === 'dataset' && <DatasetChoices onPick={onPick} />}
      {kind === 'workflow' && <WorkflowChoices me={me} onPick={onPick} />}
      {kind === 'visualization' && <VisualizationChoices me={me} onPick={onPick} />}
      <button type="button" onClick={onClose}>
        Cancel
      </button>
    </section>
  );
}

function Choices({ kind, items, fetching, error, onPick }: { kind: EmbedKind; items: Embeddable[] | undefined; fetching: boolean; error: Parameters<typeof ErrorMessage>[0]['error']; onPick: (item: Embeddable) => void }) {
  if (error) return <ErrorMessage error={error} what={`Could not list the ${PLURAL[kind]}`} />;
  if (!items) return <p role="status">{fetching ? `Loading ${PLURAL[kind]}…` : ''}</p>;
  if (items.length === 0) return <p>No {PLURAL[kind]} to embed.</p>;
  return (
    <ul>
      {items.map((item) => (
        <li key={item.id}>
          <button type="button" className="link-button" onClick={() => onPick(item)}>
            {item.label ?? item.name}
          </button>
          {item.owner && <span className="muted"> (shared by {item.owner})</span>}
        </li>
      ))}
    </ul>
  );
}

function HistoryChoices({ me, onPick }: { me: string | null; onPick: (item: Embeddable) => void }) {
  const [result] = useQuery({ query: EmbeddableHistoriesQuery, requestPolicy: 'cache-and-network' });
  const data = result.data;
  const items = data && [...data.histories.map((history) => ({ id: history.id, name: history.name })), ...data.historiesSharedWithMe.map((history) => ({ id: history.id, name: history.name, owner: history.owner === me ? null : history.owner }))];
  return <Choices kind="history" items={items} fetching={result.fetching} error={result.error} onPick={onPick} />;
}

function DatasetChoices({ onPick }: { onPick: (item: Embeddable) => void }) {
  const { historyId: currentId } = useCurrentHistory();
  const [histories] = useQuery({ query: EmbeddableHistoriesQuery, requestPolicy: 'cache-and-network' });
  const [chosen, setChosen] = useState<string | undefined>(undefined);
  const all = histories.data ? [...histories.data.histories, ...histories.data.historiesSharedWithMe] : [];
  const historyId = chosen ?? currentId ?? all[0]?.id;
  const [result] = useQuery({ query: EmbeddableDatasetsQuery, variables: { historyId: historyId ?? '' }, pause: !historyId, requestPolicy: 'cache-and-network' });
  const items = result.data?.historyItemsPage.edges.flatMap(({ node }) => (node.__typename === 'HistoryContent' ? [{ id: node.id, name: node.name, label: `${node.hid}: ${node.name}` }] : []));
  return (
    <>
      <label className="inline-form">
        History
        <select value={historyId ?? ''} onChange={(event) => setChosen(event.target.value)}>
          {all.map((history) => (
            <option key={history.id} value={history.id}>
              {history.name}
              {history.id === currentId ? ' (current)' : ''}
            </option>
          ))}
        </select>
      </label>
      <Choices kind="dataset" items={historyId ? items : []} fetching={result.fetching} error={result.error ?? histories.error} onPick={onPick} />
    </>
  );
}

function WorkflowChoices({ me, onPick }: { me: string | null; onPick: (item: Embeddable) => void }) {
  const [result] = useQuery({ query: EmbeddableWorkflowsQuery, requestPolicy: 'cache-and-network' });
  const items = result.data?.workflows.map((workflow) => ({ id: workflow.id, name: workflow.name, owner: workflow.owner === me ? null : workflow.owner }));
  return <Choices kind="workflow" items={items} fetching={result.fetching} error={result.error} onPick={onPick} />;
}

function VisualizationChoices({ me, onPick }: { me: string | null; onPick: (item: Embeddable) => void }) {
  const [result] = useQuery({ query: EmbeddableVisualizationsQuery, requestPolicy: 'cache-and-network' });
  const items = result.data?.visualizations.map((visualization) => ({ id: visualization.id, name: visualization.title, owner: visualization.owner === me ? null : visualization.owner }));
  return <Choices kind="visualization" items={items} fetching={result.fetching} error={result.error} onPick={onPick} />;
}
