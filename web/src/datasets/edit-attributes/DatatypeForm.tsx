import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { ChangeDatasetDatatypeMutation, extensionsOf } from '../../history/dataset-mutations';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AutoDetectDatatypeMutation } from './edit-attributes-documents';

/** The choice that asks the file's content for its datatype. */
const AUTO_DETECT = 'auto-detect';

/** "Change datatype": one of the registry's datatypes, or "auto-detect" from the file's content; the metadata is read again as the new type. */
export function DatatypeForm({ dataset, datatypes }: { dataset: { id: string; historyId: string; extension: string }; datatypes: unknown }) {
  const [choice, setChoice] = useState(dataset.extension);
  const [changed, change] = useMutation(ChangeDatasetDatatypeMutation);
  const [detected, detect] = useMutation(AutoDetectDatatypeMutation);
  const [said, setSaid] = useState('');
  const extensions = extensionsOf(datatypes);
  const target = { historyId: dataset.historyId, id: dataset.id };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    if (choice === AUTO_DETECT) {
      const outcome = await detect(target);
      const found = outcome.data?.autoDetectDatasetDatatype.extension;
      if (found) {
        setChoice(found);
        setSaid(`Detected datatype: ${found}.`);
      }
      return;
    }
    const outcome = await change({ ...target, datatype: choice });
    if (!outcome.error) setSaid(`Datatype changed to ${choice}.`);
  };

  return (
    <form className="stack panel" aria-labelledby="change-datatype-title" onSubmit={submit}>
      <h2 id="change-datatype-title">Change datatype</h2>
      <p className="muted">
        Now <strong>{dataset.extension}</strong>. The metadata is read again as the new datatype; the file is not converted.
      </p>
      <label>
        New datatype
        <select value={choice} onChange={(event) => setChoice(event.target.value)}>
          <option value={AUTO_DETECT}>auto-detect</option>
          {!extensions.includes(dataset.extension) && <option value={dataset.extension}>{dataset.extension}</option>}
          {extensions.map((extension) => (
            <option key={extension} value={extension}>
              {extension}
            </option>
          ))}
        </select>
      </label>
      <div className="actions">
        <button type="submit" disabled={changed.fetching || detected.fetching || choice === dataset.extension}>
          Save datatype
        </button>
      </div>
      {said && <p role="status">{said}</p>}
      <ErrorMessage error={changed.error} what="Could not change the datatype" />
      <ErrorMessage error={detected.error} what="Could not detect the datatype" />
    </form>
  );
}
