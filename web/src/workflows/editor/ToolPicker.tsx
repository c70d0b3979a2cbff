import { useState } from 'react';
import { useQuery } from 'urql';
import { ToolPanelQuery, ToolSearchQuery } from '../../tools/tool-documents';
import { ErrorMessage } from '../../ui/ErrorMessage';

/** The workbench's tool panel as a list of "add" buttons: its sections, narrowed by the same search. */
export function ToolPicker({ onPick, busy }: { onPick: (toolId: string) => void; busy: boolean }) {
  const [query, setQuery] = useState('');
  const q = query.trim();
  const [panel] = useQuery({ query: ToolPanelQuery });
  const [search] = useQuery({ query: ToolSearchQuery, variables: { q }, pause: q.length < 2 });
  const found = q.length >= 2 && search.data ? new Set(search.data.toolSearch) : null;
  const sections = (panel.data?.toolPanelSections ?? [])
    .map((section) => ({ ...section, tools: found ? section.tools.filter((tool) => found.has(tool.id)) : section.tools }))
    .filter((section) => section.tools.length > 0);
  return (
    <nav aria-label="Tools to add">
      <label className="wf-field">
        Search tools
        <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="e.g. sort" />
      </label>
      <ErrorMessage error={panel.error ?? search.error} what="Could not list the tools" />
      {found && sections.length === 0 && <p role="status">No tool matches “{q}”.</p>}
      <ul className="wf-tool-list">
        {sections.flatMap((section) =>
          section.tools.map((tool) => (
            <li key={`${section.id ?? ''}-${tool.id}`}>
              <button type="button" disabled={busy} onClick={() => onPick(tool.id)} aria-label={`Add ${tool.name}`} title={tool.description ?? undefined}>
                {tool.name}
              </button>
            </li>
          )),
        )}
      </ul>
    </nav>
  );
}
