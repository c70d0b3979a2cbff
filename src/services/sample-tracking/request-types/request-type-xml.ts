/**
 * A request type's XML (lib/galaxy/sample_tracking/request_types.py): its name, description and the
 * states its samples pass through, in order:
 *
 *   <request_type name="…" description="…">
 *     <sample_states><state name="…" description="…"/>…</sample_states>
 *   </request_type>
 */
import { childElements, firstChild } from '../../../tools/xml/xml-tree';
import { FormXmlError, parseXmlText } from '../forms/form-xml';

export interface ParsedRequestType {
  name: string;
  desc: string;
  states: Array<{ name: string; desc: string }>;
}

export function parseRequestTypeXml(xmlText: string): ParsedRequestType {
  const root = parseXmlText(xmlText);
  const name = root.attrs.name ?? '';
  if (!name) throw new FormXmlError('RequestType requires a name');
  const statesElem = firstChild(root, 'sample_states');
  const states = (statesElem ? childElements(statesElem, 'state') : []).map((state) => {
    if (!state.attrs.name) throw new FormXmlError('SampleState requires a name');
    return { name: state.attrs.name, desc: state.attrs.description ?? '' };
  });
  const seen = new Set<string>();
  for (const state of states) {
    if (seen.has(state.name)) throw new FormXmlError(`Sample state names of a request type must be unique ( ${state.name} ).`);
    seen.add(state.name);
  }
  // Submitting a request moves its samples to the first state: a type without states could never be used.
  if (states.length === 0) throw new FormXmlError('RequestType requires at least one sample state ( <sample_states><state name="…"/></sample_states> )');
  return { name, desc: root.attrs.description ?? '', states };
}
