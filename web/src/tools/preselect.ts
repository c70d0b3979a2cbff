import { useEffect, useRef } from 'react';
import { type DatasetChoice, splitByFormat } from './data-choices';
import { type FieldValue, type FormState, visit } from './form-values';
import type { FormInput } from './tool-documents';

/** States of a dataset a tool may still read (it waits for a queued or running one). */
const USABLE = new Set(['ok', 'queued', 'running', 'new', 'upload', 'setting_metadata']);

/** The newest dataset of the history the input accepts (the choices are newest first), if any. */
export function newestSuitable(datasets: readonly DatasetChoice[], input: { formats: readonly string[]; acceptedExtensions: readonly string[] }): DatasetChoice | null {
  return splitByFormat([...datasets], input).matching.find((dataset) => USABLE.has(dataset.state)) ?? null;
}

/**
 * Fills each data input the form shows, once, with the newest suitable dataset of the current history
 * (as 15.05's form did), unless it has a value (a rerun's, or the person's).
 */
export function usePreselection(state: FormState, inputs: readonly FormInput[], datasets: readonly DatasetChoice[], setValue: (name: string, value: FieldValue) => void): void {
  const filled = useRef(new Set<string>());
  useEffect(() => {
    if (datasets.length === 0) return;
    visit(state, inputs, '', (input, name) => {
      if (input.__typename !== 'DataToolInput' || input.optional || filled.current.has(name) || state.batch[name]) return;
      filled.current.add(name);
      if (state.values[name] !== undefined) return;
      const newest = newestSuitable(datasets, input);
      if (newest) setValue(name, input.multiple ? [newest.id] : newest.id);
    });
  }, [state, inputs, datasets, setValue]);
}
