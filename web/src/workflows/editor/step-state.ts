import { childrenOf, type FieldValue, type FormState, initialValue } from '../../tools/form-values';
import type { FormInput } from '../../tools/tool-documents';
import { storedFormState } from '../run/step-form-state';
import { isRuntimeValue, RUNTIME_VALUE } from './editor-model';

/**
 * A tool step's state as the workflow stores it (the decoded `tool_state` tree: a conditional is an
 * object with its test and `__current_case__`, a repeat a list of objects with `__index__`, a section
 * an object; "Set at runtime" is `{"__class__": "RuntimeValue"}`) and the tool form's flat names
 * ('cond|param', 'queries_0|input2'). The form reads the tree through `formStateOf`; each change is
 * written back into the tree at its place, so what the form does not show is kept as stored.
 */
export type StateTree = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isDataRef = (value: unknown) => isRecord(value) && typeof value.src === 'string' && 'id' in value;

/** The form's state of a stored tree, and the flat names set at runtime. */
export function formStateOf(tree: StateTree, inputs: readonly FormInput[]): { state: FormState; runtime: ReadonlySet<string> } {
  const flat: Record<string, unknown> = {};
  const repeats: Record<string, number> = {};
  const runtime = new Set<string>();
  const walk = (prefix: string, value: Record<string, unknown>) => {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('__')) continue;
      const name = `${prefix}${key}`;
      if (isRuntimeValue(item)) runtime.add(name);
      else if (Array.isArray(item) && item.every(isRecord) && !item.some(isDataRef) && (item.length > 0 || isRepeatAt(inputs, name))) {
        repeats[name] = item.length;
        item.forEach((instance, index) => walk(`${name}_${index}|`, instance));
      } else if (isRecord(item) && !isDataRef(item) && item.__class__ === undefined) walk(`${name}|`, item);
      else flat[name] = item;
    }
  };
  walk('', tree);
  const state = storedFormState(flat, inputs);
  state.repeats = { ...state.repeats, ...repeats };
  return { state, runtime };
}

/** One step of a flat name's way through the tree: the key, the repeat instance (or null) and the input there. */
interface PathStep {
  key: string;
  index: number | null;
  input: FormInput;
}

/** The inputs one level under a container (every case's, with a conditional's test). */
function inputsUnder(input: FormInput): readonly FormInput[] {
  if (input.__typename === 'ConditionalToolInput' && 'cases' in input && 'test' in input) return [input.test, ...input.cases.flatMap((branch) => ('inputs' in branch ? (branch.inputs as readonly FormInput[]) : []))];
  return childrenOf(input);
}

/** The way to a flat name through the inputs, or null when the tool has no such input. */
export function pathOf(inputs: readonly FormInput[], flatName: string): PathStep[] | null {
  const path: PathStep[] = [];
  let level = inputs;
  const segments = flatName.split('|');
  for (const [position, segment] of segments.entries()) {
    const last = position === segments.length - 1;
    const exact = level.find((input) => input.name === segment && (last || input.__typename !== 'RepeatToolInput'));
    if (exact) {
      path.push({ key: segment, index: null, input: exact });
      level = inputsUnder(exact);
      continue;
    }
    const match = /^(.*)_(\d+)$/.exec(segment);
    const repeat = match && !last ? level.find((input) => input.name === match[1] && input.__typename === 'RepeatToolInput') : undefined;
    if (!match || !repeat) return null;
    path.push({ key: match[1], index: Number(match[2]), input: repeat });
    level = inputsUnder(repeat);
  }
  return path;
}

function isRepeatAt(inputs: readonly FormInput[], flatName: string): boolean {
  const path = pathOf(inputs, flatName);
  return path !== null && path[path.length - 1].input.__typename === 'RepeatToolInput';
}

/** The tree with the value at the end of the path replaced (copies along the way, the rest shared). */
function setIn(tree: StateTree, path: readonly PathStep[], update: (old: unknown) => unknown): StateTree {
  const [first, ...rest] = path;
  if (rest.length === 0) return { ...tree, [first.key]: update(tree[first.key]) };
  if (first.index !== null) {
    const list: unknown[] = Array.isArray(tree[first.key]) ? [...(tree[first.key] as unknown[])] : [];
    const instance = isRecord(list[first.index]) ? (list[first.index] as StateTree) : { __index__: first.index };
    list[first.index] = setIn(instance, rest, update);
    return { ...tree, [first.key]: list };
  }
  const child = isRecord(tree[first.key]) ? (tree[first.key] as StateTree) : {};
  return { ...tree, [first.key]: setIn(child, rest, update) };
}

/** The case a conditional's test value picks, by its index. */
function caseIndex(conditional: FormInput, value: unknown): number {
  if (!('cases' in conditional) || !('test' in conditional)) return -1;
  const text = typeof value === 'boolean' ? (value ? 'true' : 'false') : Array.isArray(value) ? String(value[0] ?? '') : String(value ?? '');
  const found = conditional.cases.findIndex((branch) => branch.value === text);
  const test = conditional.test;
  if (found !== -1 || typeof value !== 'boolean' || test.__typename !== 'BooleanToolInput' || !('truevalue' in test)) return found;
  return conditional.cases.findIndex((branch) => branch.value === (value ? test.truevalue : test.falsevalue));
}

/** A fresh state of the given inputs: the tool's defaults, one level after another. */
export function defaultTree(inputs: readonly FormInput[]): StateTree {
  const tree: StateTree = {};
  for (const input of inputs) {
    if (input.__typename === 'ConditionalToolInput' && 'test' in input && 'cases' in input) {
      const value = initialValue(input.test);
      const index = caseIndex(input, value);
      const branch = input.cases[index];
      tree[input.name] = { ...(branch && 'inputs' in branch ? defaultTree(branch.inputs as readonly FormInput[]) : {}), [input.test.name]: value, __current_case__: index };
    } else if (input.__typename === 'RepeatToolInput' && 'minCount' in input) {
      tree[input.name] = Array.from({ length: Math.max(input.minCount, input.defaultCount) }, (_, index) => ({ ...defaultTree(childrenOf(input)), __index__: index }));
    } else if (input.__typename === 'SectionToolInput') {
      tree[input.name] = defaultTree(childrenOf(input));
    } else {
      tree[input.name] = initialValue(input);
    }
  }
  return tree;
}

/**
 * A field's new value written into the tree. A conditional's test also picks the case: the chosen
 * case's inputs keep their values if they had some, the others get the tool's defaults.
 */
export function withValue(tree: StateTree, inputs: readonly FormInput[], flatName: string, value: FieldValue): StateTree {
  const path = pathOf(inputs, flatName);
  if (!path) return tree;
  const parent = path.length > 1 ? path[path.length - 2] : null;
  const leaf = path[path.length - 1];
  if (parent && parent.index === null && parent.input.__typename === 'ConditionalToolInput' && 'test' in parent.input && parent.input.test.name === leaf.key) {
    const conditional = parent.input;
    return setIn(tree, path.slice(0, -1), (old) => {
      const stored = isRecord(old) ? old : {};
      const index = caseIndex(conditional, value);
      const branch = 'cases' in conditional ? conditional.cases[index] : undefined;
      const defaults = branch && 'inputs' in branch ? defaultTree(branch.inputs as readonly FormInput[]) : {};
      const kept = Object.fromEntries(Object.keys(defaults).filter((key) => key in stored).map((key) => [key, stored[key]]));
      return { ...defaults, ...kept, [leaf.key]: value, __current_case__: index };
    });
  }
  return setIn(tree, path, () => value);
}

/** A repeat with `count` instances: new ones with the tool's defaults, the last ones removed. */
export function withRepeatCount(tree: StateTree, inputs: readonly FormInput[], flatName: string, count: number): StateTree {
  const path = pathOf(inputs, flatName);
  if (!path) return tree;
  const repeat = path[path.length - 1].input;
  return setIn(tree, path, (old) => {
    const list = Array.isArray(old) ? old.slice(0, count) : [];
    while (list.length < count) list.push({ ...defaultTree(childrenOf(repeat)), __index__: list.length });
    return list;
  });
}

/** A parameter set at runtime (15.05's RuntimeValue), or given back its default. */
export function withRuntime(tree: StateTree, inputs: readonly FormInput[], flatName: string, atRuntime: boolean): StateTree {
  const path = pathOf(inputs, flatName);
  if (!path) return tree;
  const input = path[path.length - 1].input;
  return setIn(tree, path, () => (atRuntime ? { ...RUNTIME_VALUE } : initialValue(input)));
}
