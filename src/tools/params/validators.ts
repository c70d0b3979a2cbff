/**
 * The declarative `<validator>` kinds that need nothing outside the value itself: in_range, length,
 * regex and empty_field. Others (expression, metadata, data tables…) are recorded by the parser but
 * not enforced here.
 */
import { ToolParameterError } from '../errors';
import type { ValidatorSpec } from '../model/inputs';

function bound(spec: ValidatorSpec, name: string): number | null {
  const raw = spec.attributes[name];
  if (raw === undefined || raw.trim() === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

function flag(spec: ValidatorSpec, name: string): boolean {
  return ['true', 'yes', 'on'].includes((spec.attributes[name] ?? '').toLowerCase());
}

function fail(path: string, spec: ValidatorSpec, fallback: string): never {
  throw new ToolParameterError(path, spec.message ?? fallback);
}

function checkRange(path: string, spec: ValidatorSpec, value: number): void {
  const min = bound(spec, 'min');
  const max = bound(spec, 'max');
  const belowMin = min !== null && (flag(spec, 'exclude_min') ? value <= min : value < min);
  const aboveMax = max !== null && (flag(spec, 'exclude_max') ? value >= max : value > max);
  if (belowMin || aboveMax) fail(path, spec, `value ${value} is not in the range [${min ?? '-inf'}, ${max ?? 'inf'}].`);
}

function compilePattern(path: string, pattern: string): RegExp {
  try {
    return new RegExp(`^(?:${pattern})`);
  } catch {
    throw new ToolParameterError(path, `the tool's validator pattern '${pattern}' cannot be used.`);
  }
}

/** Applies the enforceable validators to a scalar value (numbers for numeric params, text otherwise). */
export function applyValidators(path: string, validators: readonly ValidatorSpec[], value: string | number | null): void {
  for (const spec of validators) {
    switch (spec.type) {
      case 'in_range':
        if (typeof value === 'number') checkRange(path, spec, value);
        break;
      case 'length': {
        const length = value === null ? 0 : String(value).length;
        const min = bound(spec, 'min');
        const max = bound(spec, 'max');
        if ((min !== null && length < min) || (max !== null && length > max)) {
          fail(path, spec, `length ${length} is not between ${min ?? 0} and ${max ?? 'inf'}.`);
        }
        break;
      }
      case 'regex':
        // Python's re.match: anchored at the start only.
        if (value !== null && !compilePattern(path, spec.text).test(String(value))) {
          fail(path, spec, `value does not match the pattern '${spec.text}'.`);
        }
        break;
      case 'empty_field':
        if (value === null || String(value) === '') fail(path, spec, 'a value is required.');
        break;
      default:
        break;
    }
  }
}
