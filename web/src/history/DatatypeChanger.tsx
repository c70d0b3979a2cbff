import { type FormEvent, useState } from 'react';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { AllDatatypesQuery, ChangeDatasetDatatypeMutation, extensionsOf } from './dataset-mutations';

interface DatatypeChangerProps {
  dataset: { id: string; historyId: string; extension: string };
  /** The dataset in the controls' names: "3: reads". */
  label: string;
  onDone(): void;
}

/** Picks another datatype among those the graph lists; the dataset's metadata is read again as that type. */
export function DatatypeChanger({ dataset, label, onDone }: DatatypeChangerProps) {
  const [datatypes] = useQuery({ query: AllDatatypesQuery });
  const [changed, changeDatatype] = useMutation(ChangeDatasetDatatypeMutation);
  const [choice, setChoice] = useState(dataset.extension);
  const extensions = extensionsOf(datatypes.data?.datatypes);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await changeDatatype({ historyId: dataset.historyId, id: dataset.id, datatype: choice });
    if (!outcome.error) onDone();
  };
  return (
    <form className="inline-form" onSubmit={submit} onKeyDown={(event) => event.key === 'Escape' && onDone()}>
      <label>
        New datatype of {label}
        <select value={choice} onChange={(event) => setChoice(event.target.value)} disabled={extensions.length === 0}>
          {extensions.length === 0 && <option value={dataset.extension}>{dataset.extension}</option>}
          {extensions.map((extension) => (
            <option key={extension} value={extension}>
              {extension}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" disabled={changed.fetching || choice === dataset.extension}>
        Save datatype
      </button>
      <button type="button" onClick={onDone}>
        Cancel
      </button>
      <ErrorMessage error={datatypes.error} what="Could not list the datatypes" />
      <ErrorMessage error={changed.error} what="Could not change the datatype" />
    </form>
  );
}
