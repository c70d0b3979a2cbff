/**
 * `<tools>`: tool ids mapped to destinations. As the platform keys them: the id in lower case without a
 * trailing `/`, so an entry may name a depot guid, a guid without its version or a short tool id
 * (destinationFor tries them in that order). An entry without `destination` keeps the tool on the
 * default destination. Entries with `<param>`s apply, on the platform, only to jobs started with those
 * job parameters (its visualizations start jobs with `source=trackster`); no job here carries any, so
 * such entries are read but never apply, as on the platform for every other job.
 */
import { childElements, type XmlElement } from '../../tools/xml/xml-tree';
import { emptyRecord, type ConfReader } from './conf-reader';
import { resolveDestinationName } from './destination-names';
import type { JobDestination } from './types';

export interface ParsedTools {
  /** Key (see above) to destination id. */
  toolDestinations: Record<string, string>;
  /** The destination `upload1` names explicitly (a `destination` attribute), if any. */
  uploadDestinationId: string | null;
}

/** How the platform keys a tool id of `<tools>`. */
export const toolKey = (id: string): string => id.toLowerCase().replace(/\/+$/, '');

export const UPLOAD_TOOL_ID = 'upload1';

export function parseTools(reader: ConfReader, element: XmlElement | undefined, destinations: readonly JobDestination[], defaultDestinationId: string): ParsedTools {
  const toolDestinations = emptyRecord<string>();
  let uploadDestinationId: string | null = null;
  if (element === undefined) return { toolDestinations, uploadDestinationId };
  reader.allowAttributes(element, []);
  reader.allowChildren(element, ['tool']);
  const handlers: string[] = [];
  /** Keys whose first entry without `<param>`s was read: that entry applies. */
  const settled = new Set<string>();
  for (const tool of childElements(element, 'tool')) {
    reader.allowAttributes(tool, ['id', 'destination', 'handler', 'resources']);
    reader.allowChildren(tool, ['param']);
    const id = reader.required(tool, 'id');
    if (tool.attrs.resources !== undefined) {
      reader.fail(tool, `tool '${id}' has resources="${tool.attrs.resources}": job resource parameters are not supported (they only feed dynamic destination rules, which this platform does not run)`);
    }
    const handler = reader.optional(tool, 'handler');
    if (handler !== null) handlers.push(`${id} → ${handler}`);
    const written = reader.optional(tool, 'destination');
    const destinationId = written === null ? defaultDestinationId : resolveDestinationName(reader, tool, destinations, written, `destination of tool '${id}'`);
    const params = reader.params(tool);
    const key = toolKey(id);
    if (Object.keys(params).length > 0) {
      const described = Object.entries(params).map(([name, value]) => `${name}=${value}`).join(', ');
      reader.notice(`tool '${id}': the mapping for jobs with parameters ${described} never applies (no job here carries job parameters)`);
      // On the platform such an entry still claims the id: the tool's other jobs go to the default.
      if (!Object.hasOwn(toolDestinations, key)) toolDestinations[key] = defaultDestinationId;
      continue;
    }
    if (settled.has(key)) {
      reader.notice(`tool '${id}' is mapped more than once: the first mapping applies`);
      continue;
    }
    settled.add(key);
    toolDestinations[key] = destinationId;
    if (key === UPLOAD_TOOL_ID && written !== null) uploadDestinationId = destinationId;
  }
  if (handlers.length > 0) {
    reader.notice(`tool handlers (${handlers.join(', ')}) have no effect: every server process takes jobs from the database`);
  }
  return { toolDestinations, uploadDestinationId };
}
