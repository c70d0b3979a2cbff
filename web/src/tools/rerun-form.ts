import type { FieldValue, FormState } from './form-values';

const fieldValue = (value: unknown): FieldValue | null => {
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value as string[];
  return null;
};

/** The form's state from a job's rerun state (`Job.rerunState`: values and repeat counts by flat name). */
export function formStateOfRerun(rerun: { values: unknown; repeats: unknown }): FormState {
  const values: Record<string, FieldValue> = {};
  const repeats: Record<string, number> = {};
  if (rerun.values && typeof rerun.values === 'object') {
    for (const [name, value] of Object.entries(rerun.values as Record<string, unknown>)) {
      const field = fieldValue(value);
      if (field !== null) values[name] = field;
    }
  }
  if (rerun.repeats && typeof rerun.repeats === 'object') {
    for (const [name, count] of Object.entries(rerun.repeats as Record<string, unknown>)) if (typeof count === 'number') repeats[name] = count;
  }
  return { values, repeats, batch: {} };
}
