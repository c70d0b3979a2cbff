/**
 * State → the flat `{name: rawValue}` form (`cond|sel`, `queries_0|input2`) in which job parameters
 * are stored and compared. Feeding the result back to buildParamState rebuilds the same state.
 */
import { collectionSnapshot } from './collection-refs';
import type { InputState, JsonValue, ParamState } from './state';

export type FlatParams = Record<string, JsonValue>;

function leafValue(state: Exclude<InputState, { type: 'repeat' | 'conditional' | 'section' }>): JsonValue {
  switch (state.type) {
    case 'data': {
      // A library input was resolved to the history dataset it was imported as: jobs record that.
      const refs = state.datasets.map(({ ref, dataset }) => (ref.src === 'hda' ? { src: ref.src, id: ref.id } : { src: 'hda', id: dataset.id }));
      return state.multiple ? refs : refs[0] ?? null;
    }
    case 'data_collection':
      return state.collection ? collectionSnapshot(state.collection) : null;
    case 'select':
      return state.multiple ? [...state.values] : state.values[0] ?? null;
    case 'data_column':
      return state.multiple ? [...state.columns] : state.columns[0] ?? null;
    case 'text':
    case 'hidden':
    case 'integer':
    case 'float':
    case 'boolean':
    case 'file':
      return state.value;
  }
}

function flattenInto(target: FlatParams, state: ParamState, prefix: string): void {
  for (const [name, value] of Object.entries(state)) {
    switch (value.type) {
      case 'repeat':
        value.instances.forEach((instance, index) => flattenInto(target, instance, `${prefix}${name}_${index}|`));
        break;
      case 'conditional':
      case 'section':
        flattenInto(target, value.values, `${prefix}${name}|`);
        break;
      default:
        target[`${prefix}${name}`] = leafValue(value);
    }
  }
}

export function flattenParams(state: ParamState): FlatParams {
  const flat: FlatParams = {};
  flattenInto(flat, state, '');
  return flat;
}
