/**
 * `GET /api/tools?q=…`: the ids of the tools matching a free-text query, best first. Every word of
 * the query must begin a word of the tool's id, name, description, panel section or help; a word
 * found in the name counts most, as the platform's index weights the name above the rest.
 */
import type { ToolDefinition } from './model/tool-definition';

const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/).filter(Boolean);

interface SearchableTool {
  tool: ToolDefinition;
  section: string;
}

export function searchTools(candidates: SearchableTool[], query: string): string[] {
  const terms = words(query);
  if (terms.length === 0) return [];
  const scored: Array<{ id: string; name: string; score: number }> = [];
  for (const { tool, section } of candidates) {
    const name = words(tool.name);
    const rest = [...words(tool.id), ...words(tool.description), ...words(section), ...words(tool.help)];
    let score = 0;
    const matchesEveryTerm = terms.every((term) => {
      const inName = name.some((word) => word.startsWith(term));
      if (inName) score += 5;
      const inRest = rest.some((word) => word.startsWith(term));
      if (inRest) score += 1;
      return inName || inRest;
    });
    if (matchesEveryTerm) scored.push({ id: tool.id, name: tool.name, score });
  }
  return scored.sort((a, b) => b.score - a.score || a.name.localeCompare(b.name)).map((hit) => hit.id);
}
