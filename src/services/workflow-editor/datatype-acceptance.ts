import { loadDatatypesRegistry } from '../../datatypes';

export interface DatatypeAcceptance {
  accepted: boolean;
  /** Why the connection is refused (null when accepted). */
  reason: string | null;
}

/** Extensions a workflow input step gives: its dataset is not known until the run, so it fits anything. */
const ANY_OUTPUT = new Set(['input', 'input_collection', 'data', '_sniff_']);

/**
 * Whether an output of one of `outputs`' datatypes may feed an input accepting `inputs`, as the
 * platform's editor decides: an input of `data` (or none listed) takes anything, an input step's
 * output fits anything, else some output datatype must be a subclass of some accepted one.
 */
export function datatypeAccepts(outputs: readonly string[], inputs: readonly string[]): DatatypeAcceptance {
  if (inputs.length === 0 || inputs.includes('data')) return { accepted: true, reason: null };
  if (outputs.length === 0 || outputs.some((output) => ANY_OUTPUT.has(output))) return { accepted: true, reason: null };
  const registry = loadDatatypesRegistry();
  if (outputs.some((output) => inputs.some((input) => output === input || registry.isSubtypeOf(output, input)))) return { accepted: true, reason: null };
  return { accepted: false, reason: `Incompatible datatypes: ${outputs.join(', ')} is not ${inputs.length > 1 ? 'any of ' : ''}${inputs.join(', ')}.` };
}
