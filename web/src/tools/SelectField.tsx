import { FieldFrame } from './FieldFrame';
import type { FieldValue } from './form-values';
import type { FormInput } from './tool-documents';
import { useToolForm } from './tool-form-context';

type SelectInput = Extract<FormInput, { __typename: 'SelectToolInput' }>;

const asList = (value: FieldValue): string[] => (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []);

/** A select: a drop-down (several values when multiple), or radio buttons / checkboxes when its display asks. */
export function SelectField({ input, name, value }: { input: SelectInput; name: string; value: FieldValue }) {
  const { setValue } = useToolForm();
  const chosen = asList(value);
  const note = input.dataTable ? ` (from the data table ${input.dataTable})` : '';
  if (input.display === 'radio' || input.display === 'checkboxes') {
    const multiple = input.display === 'checkboxes' || input.multiple;
    return (
      <FieldFrame name={name} label={input.label} help={`${input.help}${note}`.trim()} optional={input.optional} group>
        {() =>
          input.options.map((option) => (
            <label key={option.value} className="choice">
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.value}
                checked={chosen.includes(option.value)}
                onChange={(event) =>
                  setValue(name, multiple ? (event.target.checked ? [...chosen, option.value] : chosen.filter((other) => other !== option.value)) : option.value)
                }
              />{' '}
              {option.label}
            </label>
          ))
        }
      </FieldFrame>
    );
  }
  return (
    <FieldFrame name={name} label={input.label} help={`${input.help}${note}`.trim()} optional={input.optional}>
      {({ id, describedBy, invalid }) => (
        <select
          id={id}
          multiple={input.multiple}
          value={input.multiple ? chosen : (chosen[0] ?? '')}
          aria-describedby={describedBy}
          aria-invalid={invalid}
          onChange={(event) => setValue(name, input.multiple ? Array.from(event.target.selectedOptions, (option) => option.value) : event.target.value)}
        >
          {input.options.length === 0 && <option value="">(no options)</option>}
          {!input.multiple && chosen[0] && !input.options.some((option) => option.value === chosen[0]) && <option value={chosen[0]}>{`${chosen[0]} (not one of the options)`}</option>}
          {input.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
