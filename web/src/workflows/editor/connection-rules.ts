import type { EditorStep } from './editor-model';

/** Whether `from` is `to` or reads (through connections) from it: a connection to->from would close a cycle. */
export function readsFrom(steps: readonly EditorStep[], from: string, to: string): boolean {
  const byKey = new Map(steps.map((step) => [step.key, step]));
  const seen = new Set<string>();
  const queue = [from];
  while (queue.length > 0) {
    const key = queue.pop() as string;
    if (key === to) return true;
    if (seen.has(key)) continue;
    seen.add(key);
    for (const source of Object.values(byKey.get(key)?.connections ?? {}).flat()) queue.push(source.stepKey);
  }
  return false;
}

export interface ProposedConnection {
  source: EditorStep;
  outputName: string;
  target: EditorStep;
  inputName: string;
}

/**
 * The reason a connection is refused before the datatypes are asked (a cycle, a dataset into a
 * collection input, a collection type that does not fit), or null.
 */
export function structuralRefusal(steps: readonly EditorStep[], { source, outputName, target, inputName }: ProposedConnection): string | null {
  const output = source.outputs.find((item) => item.name === outputName);
  const input = target.inputs.find((item) => item.name === inputName);
  if (!output || !input) return 'That output or input is not known.';
  if (source.key === target.key) return 'A step cannot read its own output.';
  if (readsFrom(steps, source.key, target.key)) return 'The connection would make a cycle.';
  if (input.inputType === 'dataset_collection') {
    if (!output.collectionType) return `“${input.label}” takes a collection; “${outputName}” gives a dataset.`;
  }
  return null;
}

/** What a connection shows: mapping over a collection when a collection feeds a dataset input. */
export function connectionNote(source: EditorStep, outputName: string, target: EditorStep, inputName: string): string | null {
  const output = source.outputs.find((item) => item.name === outputName);
  const input = target.inputs.find((item) => item.name === inputName);
  if (output?.collectionType && input && input.inputType !== 'dataset_collection') return `maps over ${output.collectionType}`;
  return null;
}

/**
 * Whether a collection of `given` type fits a collection input accepting `accepted` (empty: any): the
 * same type, or a deeper one mapped over (a list:paired feeds a paired input once per element).
 */
export function collectionTypeRefusal(given: string, accepted: readonly string[], inputLabel: string): string | null {
  if (accepted.length === 0 || accepted.some((type) => given === type || given.endsWith(`:${type}`))) return null;
  return `“${inputLabel}” takes a ${accepted.join(' or ')} collection; this is a ${given} collection.`;
}
