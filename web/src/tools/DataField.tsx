import type { DraggedDataset } from '../history/drag-item';
import { collectionsOfTypes, splitByFormat } from './data-choices';
import { DatasetDropTarget } from './DatasetDropTarget';
import { FieldFrame } from './FieldFrame';
import type { FieldValue } from './form-values';
import type { FormInput } from './tool-documents';
import { useToolForm } from './tool-form-context';

type DataInput = Extract<FormInput, { __typename: 'DataToolInput' }>;
type CollectionInput = Extract<FormInput, { __typename: 'DataCollectionToolInput' }>;

const asList = (value: FieldValue): string[] => (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []);

/** Why a dataset dropped on the input cannot be used (null: it can). */
export function dropRefusal(dataset: DraggedDataset, input: DataInput, context: { batch: boolean; historyId: string | undefined; inHistory: boolean }): string | null {
  const label = `${dataset.hid}: ${dataset.name}`;
  if (context.batch) return `${label} is a dataset: in batch mode this input takes a collection.`;
  if (dataset.historyId !== context.historyId || !context.inHistory) return `${label} is not a dataset of the current history.`;
  const any = input.formats.length === 0 || input.formats.includes('data');
  if (!any && !input.formats.includes(dataset.extension) && !input.acceptedExtensions.includes(dataset.extension)) {
    return `${label} is ${dataset.extension}; ${input.label} accepts ${input.formats.join(', ')}.`;
  }
  return null;
}

/**
 * A dataset picker over the current history (matching formats first), or, in batch mode, a collection
 * to run over; a dataset dragged from the history panel may be dropped on it.
 */
export function DataField({ input, name, value }: { input: DataInput; name: string; value: FieldValue }) {
  const { setValue, setBatch, state, choices, historyId } = useToolForm();
  const batch = Boolean(state.batch[name]);
  const { matching, others } = splitByFormat(choices.datasets, input);
  const chosen = asList(value);
  const formats = input.formats.length ? ` Formats: ${input.formats.join(', ')}.` : '';
  const refusal = (dataset: DraggedDataset) => dropRefusal(dataset, input, { batch, historyId, inHistory: choices.datasets.some((choice) => choice.id === dataset.id) });
  const accept = (dataset: DraggedDataset) => setValue(name, input.multiple ? [...chosen.filter((id) => id !== dataset.id), dataset.id] : dataset.id);
  return (
    <FieldFrame name={name} label={input.label} help={`${input.help}${formats}`.trim()} optional={input.optional}>
      {({ id, describedBy, invalid }) => (
        <DatasetDropTarget label={input.label} refusal={refusal} onAccept={accept}>
          {batch ? (
            <select id={id} value={chosen[0] ?? ''} aria-describedby={describedBy} aria-invalid={invalid} onChange={(event) => setValue(name, event.target.value)}>
              <option value="">Choose a collection…</option>
              {choices.collections.map((collection) => (
                <option key={collection.id} value={collection.id}>
                  {collection.hid}: {collection.name} ({collection.collectionType})
                </option>
              ))}
            </select>
          ) : (
            <select
              id={id}
              multiple={input.multiple}
              value={input.multiple ? chosen : (chosen[0] ?? '')}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              onChange={(event) => setValue(name, input.multiple ? Array.from(event.target.selectedOptions, (option) => option.value) : event.target.value)}
            >
              {!input.multiple && <option value="">Choose a dataset…</option>}
              {/* A value the list does not hold (a rerun's dataset now hidden, deleted or in another history) stays visible as chosen. */}
              {chosen
                .filter((id) => (!choices.fetching || choices.datasets.length > 0) && !choices.datasets.some((dataset) => dataset.id === id))
                .map((id) => (
                  <option key={id} value={id}>
                    The job&apos;s dataset (not among the current history&apos;s visible datasets)
                  </option>
                ))}
              {matching.map((dataset) => (
                <option key={dataset.id} value={dataset.id}>
                  {dataset.hid}: {dataset.name} ({dataset.extension}
                  {dataset.state === 'ok' ? '' : `, ${dataset.state}`})
                </option>
              ))}
              {others.length > 0 && (
                <optgroup label="Other formats">
                  {others.map((dataset) => (
                    <option key={dataset.id} value={dataset.id}>
                      {dataset.hid}: {dataset.name} ({dataset.extension})
                    </option>
                  ))}
                </optgroup>
              )}
            </select>
          )}
          <label className="choice">
            <input
              type="checkbox"
              checked={batch}
              onChange={(event) => {
                setBatch(name, event.target.checked);
                setValue(name, event.target.checked || !input.multiple ? '' : []);
              }}
            />{' '}
            Run once per dataset of a collection (batch)
          </label>
        </DatasetDropTarget>
      )}
    </FieldFrame>
  );
}

/** A collection picker over the current history, by the accepted collection types. */
export function CollectionField({ input, name, value }: { input: CollectionInput; name: string; value: FieldValue }) {
  const { setValue, choices } = useToolForm();
  const collections = collectionsOfTypes(choices.collections, input.collectionTypes);
  const types = input.collectionTypes.length ? ` Collection types: ${input.collectionTypes.join(', ')}.` : '';
  return (
    <FieldFrame name={name} label={input.label} help={`${input.help}${types}`.trim()} optional={input.optional}>
      {({ id, describedBy, invalid }) => (
        <select id={id} value={typeof value === 'string' ? value : ''} aria-describedby={describedBy} aria-invalid={invalid} onChange={(event) => setValue(name, event.target.value)}>
          <option value="">{collections.length ? 'Choose a collection…' : 'No collection of this type in the history'}</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.hid}: {collection.name} ({collection.collectionType})
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
