/**
 * Where a job goes. A tool finds its mapping as on the platform: by its id in lower case, and for a
 * tool installed from a depot (`<depot>/repos/<owner>/<repository>/<tool id>/<version>`) by the guid,
 * then the guid without its version, then the short tool id; the first mapped wins. A tool not mapped
 * goes to the default destination. Uploads (`upload1`) go to the configuration's upload destination.
 */
import { UPLOAD_TOOL_ID } from './parse-tools';
import type { DestinationLimit, JobConfig, JobDestination } from './types';

const GUID = /^(.+\/repos\/[^/]+\/[^/]+\/([^/]+))\/[^/]+$/;

/** The keys of `<tools>` a tool id is looked up by, in order. */
export function toolIdCandidates(toolId: string): string[] {
  const id = toolId.toLowerCase();
  const guid = GUID.exec(id);
  return guid === null ? [id] : [id, guid[1], guid[2]];
}

function destinationIdFor(config: JobConfig, toolId: string): string {
  if (toolId === UPLOAD_TOOL_ID) return config.uploadDestinationId;
  const key = toolIdCandidates(toolId).find((candidate) => Object.hasOwn(config.toolDestinations, candidate));
  return key === undefined ? config.defaultDestinationId : config.toolDestinations[key];
}

/** The destination of a job of this tool. */
export function destinationFor(config: JobConfig, toolId: string): JobDestination {
  const id = destinationIdFor(config, toolId);
  const destination = config.destinations.find((candidate) => candidate.id === id);
  if (destination === undefined) throw new Error(`job configuration: destination '${id}' is not defined`);
  return destination;
}

/** The destination limits a job in this destination counts against (each counts the jobs of its destinationIds together). */
export function destinationLimitsFor(limits: readonly DestinationLimit[], destinationId: string): DestinationLimit[] {
  return limits.filter((limit) => limit.destinationIds.includes(destinationId));
}
