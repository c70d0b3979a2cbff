/**
 * `<limits>`: how many jobs may be active (queued at a runner or running) per user, per anonymous
 * session, per destination or tag (per user or for everyone), and how long a job may run. A limit on a
 * tag counts the jobs of all the tag's destinations together, as the platform counts them. A later
 * limit of the same type and destination replaces an earlier one (the platform keeps the last).
 * `output_size` (which needs outputs watched while the job runs) is not supported.
 */
import { childElements, type XmlElement } from '../../tools/xml/xml-tree';
import type { ConfReader } from './conf-reader';
import { taggedDestinations } from './destination-names';
import type { DestinationLimit, JobDestination, JobLimits } from './types';

export const emptyLimits = (): JobLimits => ({
  registeredUserConcurrentJobs: null,
  anonymousUserConcurrentJobs: null,
  destinationUserConcurrentJobs: [],
  destinationTotalConcurrentJobs: [],
  walltimeSeconds: null,
});

const USER_TYPES = ['registered_user_concurrent_jobs', 'anonymous_user_concurrent_jobs'];
/** `concurrent_jobs` is the platform's former name of destination_user_concurrent_jobs. */
const DESTINATION_TYPES = ['destination_user_concurrent_jobs', 'concurrent_jobs', 'destination_total_concurrent_jobs'];
const SUPPORTED = [...USER_TYPES, ...DESTINATION_TYPES, 'walltime'];

/** `HH:MM:SS` (hours may exceed 24) as seconds. */
function walltimeSeconds(reader: ConfReader, limit: XmlElement, raw: string): number {
  const match = /^(\d+):(\d+):(\d+)$/.exec(raw);
  const seconds = match === null ? 0 : Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3]);
  if (match === null || seconds <= 0) reader.fail(limit, `the walltime limit must be a positive duration written HH:MM:SS (such as 24:00:00), not "${raw}"`);
  return seconds;
}

function destinationLimit(reader: ConfReader, limit: XmlElement, type: string, destinations: readonly JobDestination[], raw: string): DestinationLimit {
  const id = reader.optional(limit, 'id');
  const tag = reader.optional(limit, 'tag');
  if ((id === null) === (tag === null)) {
    reader.fail(limit, `the ${type} limit needs either id="…" (a destination) or tag="…" (the destinations with that tag)${id !== null ? ', not both' : ''}`);
  }
  const value = reader.positiveInteger(limit, raw, `the ${type} limit`);
  if (id !== null) {
    if (!destinations.some((destination) => destination.id === id)) reader.fail(limit, `the ${type} limit names destination '${id}', which <destinations> does not define`);
    return { by: 'id', name: id, destinationIds: [id], limit: value };
  }
  const name = tag ?? '';
  const tagged = taggedDestinations(destinations, name);
  if (tagged.length === 0) reader.fail(limit, `the ${type} limit names tag '${name}', which no destination has`);
  return { by: 'tag', name, destinationIds: tagged.map((destination) => destination.id), limit: value };
}

/** Adds a destination limit, replacing one of the same destination or tag. */
function put(list: DestinationLimit[], limit: DestinationLimit): void {
  const at = list.findIndex((other) => other.by === limit.by && other.name === limit.name);
  if (at === -1) list.push(limit);
  else list[at] = limit;
}

export function parseLimits(reader: ConfReader, element: XmlElement | undefined, destinations: readonly JobDestination[]): JobLimits {
  const limits = emptyLimits();
  if (element === undefined) return limits;
  reader.allowAttributes(element, []);
  reader.allowChildren(element, ['limit']);
  for (const limit of childElements(element, 'limit')) {
    reader.allowAttributes(limit, ['type', 'id', 'tag']);
    reader.allowChildren(limit, []);
    const type = reader.required(limit, 'type');
    if (!SUPPORTED.includes(type)) {
      const why = type === 'output_size' ? 'limiting the size of outputs while a job runs is not supported' : 'it is not a limit type of job_conf.xml';
      reader.fail(limit, `<limit type="${type}">: ${why} (supported: ${SUPPORTED.filter((t) => t !== 'concurrent_jobs').join(', ')})`);
    }
    const raw = reader.text(limit);
    if (raw === '') reader.fail(limit, `the ${type} limit has no value`);
    if (DESTINATION_TYPES.includes(type)) {
      put(type === 'destination_total_concurrent_jobs' ? limits.destinationTotalConcurrentJobs : limits.destinationUserConcurrentJobs, destinationLimit(reader, limit, type, destinations, raw));
      continue;
    }
    if (limit.attrs.id !== undefined || limit.attrs.tag !== undefined) reader.fail(limit, `the ${type} limit applies to all destinations: it takes no id or tag`);
    if (type === 'walltime') limits.walltimeSeconds = walltimeSeconds(reader, limit, raw);
    else if (type === 'registered_user_concurrent_jobs') limits.registeredUserConcurrentJobs = reader.positiveInteger(limit, raw, `the ${type} limit`);
    else limits.anonymousUserConcurrentJobs = reader.positiveInteger(limit, raw, `the ${type} limit`);
  }
  return limits;
}
