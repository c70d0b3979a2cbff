/**
 * `<resubmit condition="…" destination="…" handler="…"/>` in a `<destination>` (release 15.05): a job
 * that reached a limit there (`memory_limit_reached`, `walltime_reached`) goes back to the queue for
 * another destination. Several may be given: the first whose condition matches applies; one without
 * `condition` matches either. 15.05 compares `condition` whole, so it names one condition (write one
 * `<resubmit>` per condition, or leave it out for both). `destination` is an id or a tag (its first
 * destination, as everywhere here), and may be defined later in the file. `handler` (the platform's
 * handler process to take the job again) is read and has no effect: every process takes jobs from the
 * database.
 */
import { childElements, type XmlElement } from '../../tools/xml/xml-tree';
import type { ConfReader } from './conf-reader';
import { resolveDestinationName } from './destination-names';
import { RESUBMIT_CONDITIONS, type JobDestination, type ResubmitCondition } from './types';

/** A `<resubmit>` read, its destination not yet resolved (it may name a destination further down). */
export interface WrittenResubmit {
  element: XmlElement;
  condition: ResubmitCondition | null;
  destination: string;
  handler: string | null;
}

const isCondition = (value: string): value is ResubmitCondition => (RESUBMIT_CONDITIONS as readonly string[]).includes(value);

/** The `<resubmit>` children of a destination, in file order. */
export function readResubmits(reader: ConfReader, destination: XmlElement, destinationId: string): WrittenResubmit[] {
  return childElements(destination, 'resubmit').map((element) => {
    reader.allowAttributes(element, ['condition', 'destination', 'handler']);
    reader.allowChildren(element, []);
    const written = reader.optional(element, 'condition');
    if (written !== null && !isCondition(written)) {
      const several = written.includes('|') || written.includes(',') ? ': a <resubmit> names one condition (write one <resubmit> per condition, or leave condition out for both)' : '';
      reader.fail(element, `<resubmit condition="${written}"> of destination '${destinationId}': the condition is ${RESUBMIT_CONDITIONS.join(' or ')}${several}`);
    }
    return { element, condition: written, destination: reader.required(element, 'destination'), handler: reader.optional(element, 'handler') };
  });
}

/** Resolves every destination's `<resubmit>` rules once all destinations are known; notices for what has no effect. */
export function resolveResubmits(reader: ConfReader, destinations: JobDestination[], written: ReadonlyMap<string, WrittenResubmit[]>): void {
  const handlers: string[] = [];
  for (const destination of destinations) {
    for (const rule of written.get(destination.id) ?? []) {
      const destinationId = resolveDestinationName(reader, rule.element, destinations, rule.destination, `the <resubmit> destination of destination '${destination.id}'`);
      destination.resubmit.push({ condition: rule.condition, destinationId });
      if (rule.handler !== null) handlers.push(`${destination.id} → ${rule.handler}`);
      if (rule.condition === 'memory_limit_reached' && destination.kind === 'local') {
        reader.notice(`destination '${destination.id}': <resubmit condition="memory_limit_reached"> never applies, the local runner sets no memory limit`);
      }
    }
  }
  if (handlers.length > 0) {
    reader.notice(`<resubmit> handlers (${handlers.join(', ')}) have no effect: every server process takes jobs from the database`);
  }
}
