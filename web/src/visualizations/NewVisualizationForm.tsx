import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CreateVisualizationMutation } from './visualization-documents';

/** Types the platform's visualizations come in (any other may be typed). */
const KNOWN_TYPES = ['trackster', 'scatterplot', 'charts', 'phyloviz', 'sweepster'];

/** The configuration text as an object, or why it is not one. */
function parseConfig(text: string): { config?: Record<string, unknown>; problem?: string } {
  if (text.trim() === '') return {};
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return { config: value as Record<string, unknown> };
  } catch {
    // reported below
  }
  return { problem: 'The configuration must be a JSON object, e.g. {"view": {}}.' };
}

/** A new visualization: what the graph's createVisualization takes (title, type, genome build, configuration); it opens once made. */
export function NewVisualizationForm() {
  const [title, setTitle] = useState('');
  const [type, setType] = useState('trackster');
  const [dbkey, setDbkey] = useState('');
  const [configText, setConfigText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [result, create] = useMutation(CreateVisualizationMutation);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const { config, problem: configProblem } = parseConfig(configText);
    setProblem(configProblem ?? null);
    if (configProblem) return;
    const input: Record<string, unknown> = { title: title.trim(), type: type.trim() };
    if (dbkey.trim()) input.dbkey = dbkey.trim();
    if (config) input.config = config;
    const outcome = await create({ input });
    const id = outcome.data?.createVisualization;
    if (id) navigate(`/visualizations/${id}`);
  };
  return (
    <form className="form panel" onSubmit={submit} aria-label="New visualization">
      <h2>New visualization</h2>
      <label>
        Title
        <input required value={title} onChange={(event) => setTitle(event.target.value)} />
      </label>
      <label>
        Type
        <input required list="visualization-types" value={type} onChange={(event) => setType(event.target.value)} />
        <datalist id="visualization-types">
          {KNOWN_TYPES.map((known) => (
            <option key={known} value={known} />
          ))}
        </datalist>
      </label>
      <label>
        Genome build (dbkey)
        <input value={dbkey} placeholder="e.g. hg19" onChange={(event) => setDbkey(event.target.value)} />
      </label>
      <label>
        Configuration (JSON, optional)
        <textarea rows={4} value={configText} spellCheck={false} onChange={(event) => setConfigText(event.target.value)} />
      </label>
      <div>
        <button type="submit" disabled={result.fetching}>
          Create visualization
        </button>
      </div>
      <ErrorMessage error={problem ?? result.error} what="Could not create the visualization" />
    </form>
  );
}
