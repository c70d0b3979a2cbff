import type { ConverterDefinition } from './definition';

export interface ConverterView {
  source: string;
  target: string;
  tool_id: string;
}

/** `GET /api/datatypes/converters`: every configured converter, source by source in config order. */
export function converterViews(converters: readonly ConverterDefinition[]): ConverterView[] {
  return converters.map((c) => ({ source: c.source, target: c.target, tool_id: c.toolId }));
}

/**
 * Converters usable on a dataset of `extension`, keyed by target, like the platform's
 * `get_converters_by_datatype`: converters declared on any class the extension derives from are
 * merged in config order (a later source replaces the tool of a target already listed but keeps its
 * position), then the extension's own converters are merged last.
 */
export function convertersFor(
  extension: string,
  converters: readonly ConverterDefinition[],
  isSubtypeOf: (extension: string, ofExtension: string) => boolean,
): ConverterDefinition[] {
  const sources: string[] = [];
  for (const c of converters) if (!sources.includes(c.source)) sources.push(c.source);
  const byTarget = new Map<string, ConverterDefinition>();
  const merge = (source: string) => {
    for (const c of converters) if (c.source === source) byTarget.set(c.target, c);
  };
  for (const source of sources) if (isSubtypeOf(extension, source)) merge(source);
  merge(extension);
  return [...byTarget.values()];
}
