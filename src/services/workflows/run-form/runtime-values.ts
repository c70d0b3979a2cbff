const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

const isRuntime = (value: unknown) => value === 'RuntimeValue' || (isRecord(value) && value.__class__ === 'RuntimeValue');
const isDataRef = (value: unknown) => isRecord(value) && typeof value.src === 'string' && 'id' in value;

/**
 * The flat names of a tool step's parameters marked "Set at runtime" in its stored state (the
 * platform writes `{"__class__": "RuntimeValue"}` there): the run gives them their values.
 */
export function runtimeParameterNames(state: Record<string, unknown>): string[] {
  const names: string[] = [];
  const visit = (prefix: string, value: Record<string, unknown>) => {
    for (const [key, item] of Object.entries(value)) {
      if (key.startsWith('__')) continue;
      const name = `${prefix}${key}`;
      if (isRuntime(item)) names.push(name);
      else if (Array.isArray(item) && item.length > 0 && item.every(isRecord) && !item.some(isDataRef)) {
        item.forEach((instance, index) => visit(`${name}_${typeof instance.__index__ === 'number' ? instance.__index__ : index}|`, instance));
      } else if (isRecord(item) && !isDataRef(item) && item.__class__ === undefined) visit(`${name}|`, item);
    }
  };
  visit('', state);
  return names;
}
