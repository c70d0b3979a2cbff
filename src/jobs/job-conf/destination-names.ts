/**
 * A name in job_conf.xml that points at destinations (`default`, a tool's `destination`, a limit's
 * `id` or `tag`) is a destination id or a tag. The platform sends a job mapped to a tag to one of the
 * tag's destinations picked at random; here it always goes to the first of them in the file, so where
 * a job runs never depends on chance.
 */
import type { XmlElement } from '../../tools/xml/xml-tree';
import type { ConfReader } from './conf-reader';
import type { JobDestination } from './types';

/** The destinations a tag gathers, in file order. */
export function taggedDestinations(destinations: readonly JobDestination[], tag: string): JobDestination[] {
  return destinations.filter((destination) => destination.tags.includes(tag));
}

/** The destination id a name stands for (an id, or the first destination of a tag); refused when it names neither. */
export function resolveDestinationName(reader: ConfReader, element: XmlElement, destinations: readonly JobDestination[], name: string, what: string): string {
  if (destinations.some((destination) => destination.id === name)) return name;
  const tagged = taggedDestinations(destinations, name);
  if (tagged.length === 0) {
    reader.fail(element, `${what} '${name}' is neither a destination id nor a tag of <destinations> (ids: ${destinations.map((d) => d.id).join(', ')})`);
  }
  if (tagged.length > 1) {
    reader.notice(`${what} '${name}' is a tag of several destinations (${tagged.map((d) => d.id).join(', ')}): jobs go to the first, '${tagged[0].id}'`);
  }
  return tagged[0].id;
}
