import { collectionsOfTypes, splitByFormat } from './data-choices';
import { FieldFrame } from './FieldFrame';
import type { FieldValue } from './form-values';
import type { FormInput } from './tool-documents';
import { useToolForm } from './tool-form-context';

type DataInput = Extract<FormInput, { __typename: 'DataToolInput' }>;
type CollectionInput = Extract<FormInput, { __typename: 'DataCollectionToolInput' }>;

const asList = (value: FieldValue): string[] => (Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : []);

/** A dataset picker over the current history (matching formats first), or, in batch mode, a collection to run over. */
export function DataField({ input, name, value }: { input: DataInput; name: string; value: FieldValue }) {
  const { setValue, setBatch, state, choices } = useToolForm();
  const batch = Boolean(state.batch[name]);
  const { matching, others } = splitByFormat(choices.datasets, input);
  const chosen = asList(value);
  const formats = input.formats.length ? ` Formats: ${input.formats.join(', ')}.` : '';
  return (
    <FieldFrame name={name} label={input.label} help={`${input.help}${formats}`.trim()} optional={input.optional}>
      {({ id, describedBy, invalid }) => (
        <>
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
        </>
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
