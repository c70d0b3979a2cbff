import { useQuery } from 'urql';
import { DatasetColumnsQuery } from '../datasets/dataset-content-documents';
import { FieldFrame } from './FieldFrame';
import { valueOf } from './form-values';
import type { FormInput } from './tool-documents';
import { useToolForm } from './tool-form-context';

type DataColumnInput = Extract<FormInput, { __typename: 'DataColumnToolInput' }>;

/** The flat name of the data input a column input numbers: its sibling named `dataRef`. */
const siblingName = (name: string, dataRef: string) => {
  const parent = name.lastIndexOf('|');
  return parent === -1 ? dataRef : `${name.slice(0, parent)}|${dataRef}`;
};

/**
 * A column of the dataset chosen in the input it refers to: a list of that dataset's columns (by
 * their names where the dataset has them, "Column 3" otherwise), or a column number typed in while no
 * single dataset is chosen (none yet, several, or a batch over a collection).
 */
export function DataColumnField({ input, name }: { input: DataColumnInput; name: string }) {
  const { state, setValue } = useToolForm();
  const value = valueOf(state, name, input);
  const chosenColumns = Array.isArray(value) ? value : typeof value === 'string' && value ? value.split(',') : [];
  const refName = input.dataRef ? siblingName(name, input.dataRef) : null;
  const refValue = refName ? state.values[refName] : undefined;
  const datasetId = refName && !state.batch[refName] && typeof refValue === 'string' && refValue ? refValue : Array.isArray(refValue) && refValue.length === 1 ? refValue[0] : null;
  const [columns] = useQuery({ query: DatasetColumnsQuery, variables: { id: datasetId ?? '' }, pause: !datasetId });
  const count = columns.data?.dataset?.columnCount ?? null;
  const names = columns.data?.dataset?.columnNames ?? null;
  const source = input.dataRef ? ` Columns of ${input.dataRef}.` : '';
  const common = { name, label: input.label, optional: input.optional };

  if (datasetId && count !== null && count > 0) {
    const options = Array.from({ length: count }, (_, index) => {
      const number = String(index + 1);
      const columnName = names?.[index];
      return { value: number, label: columnName ? `${number}: ${columnName}` : `Column ${number}` };
    });
    return (
      <FieldFrame {...common} help={`${input.help}${source}`.trim()}>
        {({ id, describedBy, invalid }) =>
          input.multiple ? (
            <select
              id={id}
              multiple
              size={Math.min(options.length, 6)}
              value={chosenColumns}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setValue(name, Array.from(event.target.selectedOptions, (option) => option.value).join(','))}
            >
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          ) : (
            <select id={id} value={chosenColumns[0] ?? ''} aria-describedby={describedBy} aria-invalid={invalid} onChange={(event) => setValue(name, event.target.value)}>
              {input.optional || !chosenColumns[0] ? <option value="">(none)</option> : null}
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          )
        }
      </FieldFrame>
    );
  }
  return (
    <FieldFrame {...common} help={`${input.help}${source}${input.multiple ? ' Several: separate them with commas.' : ''}`.trim()}>
      {({ id, describedBy, invalid }) => (
        <input id={id} inputMode="numeric" value={chosenColumns.join(',')} aria-describedby={describedBy} aria-invalid={invalid} onChange={(event) => setValue(name, event.target.value)} />
      )}
    </FieldFrame>
  );
}
