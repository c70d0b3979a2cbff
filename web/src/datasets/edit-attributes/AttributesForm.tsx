import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { RedetectMetadataMutation, SaveAttributesMutation } from './edit-attributes-documents';

interface Attributes {
  id: string;
  historyId: string;
  name: string;
  miscInfo: string | null;
  annotation: string | null;
  genomeBuild: string | null;
}

/**
 * The "Edit attributes" part of the form: Name, Info, Annotation, Database/Build, saved together; and
 * "Auto-detect", which reads the metadata (columns, lines, peek) again from the file.
 */
export function AttributesForm({ dataset, builds }: { dataset: Attributes; builds: ReadonlyArray<{ dbkey: string; description: string }> }) {
  const [name, setName] = useState(dataset.name);
  const [info, setInfo] = useState(dataset.miscInfo ?? '');
  const [annotation, setAnnotation] = useState(dataset.annotation ?? '');
  const [build, setBuild] = useState(dataset.genomeBuild ?? '?');
  const [saved, save] = useMutation(SaveAttributesMutation);
  const [redetected, redetect] = useMutation(RedetectMetadataMutation);
  const [said, setSaid] = useState('');
  const target = { historyId: dataset.historyId, id: dataset.id };
  // A build the list does not name (carried over, or set through the API) stays choosable.
  const choices = builds.some((known) => known.dbkey === build) ? builds : [...builds, { dbkey: build, description: `${build} (not in this installation's list)` }];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaid('');
    const outcome = await save({ ...target, changes: { name: name.trim(), info, annotation, genome_build: build } });
    if (!outcome.error) setSaid('Attributes updated.');
  };
  const autoDetect = async () => {
    setSaid('');
    const outcome = await redetect(target);
    if (!outcome.error) setSaid('Metadata read again from the file.');
  };

  return (
    <form className="stack panel" aria-labelledby="edit-attributes-title" onSubmit={submit}>
      <h2 id="edit-attributes-title">Edit attributes</h2>
      <label>
        Name
        <input value={name} onChange={(event) => setName(event.target.value)} required />
      </label>
      <label>
        Info
        <textarea value={info} onChange={(event) => setInfo(event.target.value)} rows={3} />
      </label>
      <label>
        Annotation
        <textarea value={annotation} onChange={(event) => setAnnotation(event.target.value)} rows={3} />
      </label>
      <label>
        Database/Build
        <select value={build} onChange={(event) => setBuild(event.target.value)}>
          {choices.map((choice) => (
            <option key={choice.dbkey} value={choice.dbkey}>
              {choice.description}
            </option>
          ))}
        </select>
      </label>
      <div className="actions">
        <button type="submit" disabled={saved.fetching || !name.trim()}>
          Save
        </button>
        <button type="button" disabled={redetected.fetching} onClick={autoDetect}>
          Auto-detect
        </button>
        <span className="muted">Auto-detect reads the dataset again and corrects its metadata (columns, lines, peek).</span>
      </div>
      {said && <p role="status">{said}</p>}
      <ErrorMessage error={saved.error} what="Could not save the attributes" />
      <ErrorMessage error={redetected.error} what="Could not read the metadata again" />
    </form>
  );
}
