import { useState } from 'react';
import { NavLink } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { ToolPanelQuery, ToolSearchQuery } from './tool-documents';

/** The tool panel: its sections with their tools, narrowed by a search (the graph's toolSearch). */
export function ToolPanel() {
  const [query, setQuery] = useState('');
  const q = query.trim();
  const [panel] = useQuery({ query: ToolPanelQuery });
  const [search] = useQuery({ query: ToolSearchQuery, variables: { q }, pause: q.length < 2 });
  const found = q.length >= 2 && search.data ? new Set(search.data.toolSearch) : null;
  const sections = (panel.data?.toolPanelSections ?? [])
    .map((section) => ({ ...section, tools: found ? section.tools.filter((tool) => found.has(tool.id)) : section.tools }))
    .filter((section) => section.tools.length > 0);

  return (
    <nav className="tool-panel" aria-label="Tools">
      <label>
        Search tools
        <input type="search" value={query} onChange={(event) => setQuery(event.target.value)} placeholder="e.g. concatenate" />
      </label>
      <ErrorMessage error={panel.error ?? search.error} what="Could not list the tools" />
      {panel.fetching && !panel.data && <p role="status">Loading tools…</p>}
      {found && sections.length === 0 && <p role="status">No tool matches “{q}”.</p>}
      {sections.map((section, index) => (
        <section key={section.id ?? `loose-${index}`} aria-label={section.name || 'Other tools'}>
          {section.name && <h2>{section.name}</h2>}
          <ul>
            {section.tools.map((tool) => (
              <li key={tool.id}>
                <NavLink to={`/tools/${encodeURIComponent(tool.id)}`}>{tool.name}</NavLink> <span className="muted">{tool.description}</span>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </nav>
  );
}
