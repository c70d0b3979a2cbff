import type { FormField } from '../../../entities/form-definition.entity';
import { isPlainObject } from '../../../http/body-parser';
import { stringAsBool } from '../../../format/booleans';
import { trackingErrors } from '../sample-tracking-errors';

export type FormValues = Record<string, string | boolean>;

interface FormLike {
  name: string;
  fields: readonly FormField[];
}

/**
 * Values filled in a form, by field name: every field gets one (given, else its default; checkboxes
 * are booleans, everything else text); an unknown field, a value that is not a scalar or a select
 * value outside the field's options is refused.
 */
export function formValues(form: FormLike, given: unknown): FormValues {
  if (given !== undefined && given !== null && !isPlainObject(given)) {
    throw trackingErrors.invalidAttribute(`The values of the form ( ${form.name} ) must be an object keyed by field name.`);
  }
  const input = (given ?? {}) as Record<string, unknown>;
  const byName = new Map(form.fields.map((field) => [field.name, field]));
  for (const name of Object.keys(input)) {
    if (!byName.has(name)) throw trackingErrors.invalidAttribute(`Unknown field ( ${name} ) of the form ( ${form.name} ).`);
  }
  const values: FormValues = {};
  for (const field of form.fields) {
    const raw = input[field.name];
    if (raw !== undefined && raw !== null && !['string', 'number', 'boolean'].includes(typeof raw)) {
      throw trackingErrors.invalidAttribute(`The value of the field ( ${field.name} ) must be text.`);
    }
    if (field.type === 'CheckboxField') {
      values[field.name] = raw === undefined || raw === null ? stringAsBool(field.default) : stringAsBool(raw);
      continue;
    }
    const text = raw === undefined || raw === null ? field.default : String(raw);
    if (field.type === 'SelectField' && text !== '' && !(field.selectlist ?? []).includes(text)) {
      throw trackingErrors.invalidAttribute(`Invalid value ( ${text} ) of the field ( ${field.name} ): not one of its options.`);
    }
    values[field.name] = text;
  }
  return values;
}

/** Labels of the required fields left empty (the platform checks them before a request is submitted). */
export function emptyRequiredFields(fields: readonly FormField[], values: Record<string, unknown>): string[] {
  return fields
    .filter((field) => field.required === 'required')
    .filter((field) => {
      const value = values[field.name];
      return value === undefined || value === null || value === '' || value === false;
    })
    .map((field) => field.label);
}
