import { type DragEvent, type FormEvent, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { graphql } from '../graphql';
import { useCurrentHistory } from '../history/current-history';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import type { UploadOutcome } from './send-upload';
import { useUploadQueue } from './upload-queue';
import { UploadRow } from './UploadRow';

const UploadDatatypesQuery = graphql(`
  query UploadDatatypes {
    datatypes(uploadOnly: "true")
  }
`);

const UploadTargetQuery = graphql(`
  query UploadTarget($id: ID!) {
    history(id: $id) {
      id
      name
      viewerCan {
        addData
      }
    }
  }
`);

// The new datasets reach the history panel through its subscription.
const ignoreOutcome = (_outcome: UploadOutcome) => undefined;

const extensionsOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string').sort() : []);

/**
 * `/upload`: files (chosen or dropped, several at once) and pasted text into a history (`?history=`,
 * else the current one), with a datatype and a genome build; a progress bar per upload.
 */
export function UploadPage() {
  const [search] = useSearchParams();
  const { historyId: currentId } = useCurrentHistory();
  const asked = search.get('history');
  const historyId = asked ?? currentId ?? null;
  // A history named in the address may be someone else's (shared or published): offer the form only where the caller may add data.
  const [target] = useQuery({ query: UploadTargetQuery, variables: { id: asked ?? '' }, pause: asked === null });
  const [datatypes] = useQuery({ query: UploadDatatypesQuery });
  const [fileType, setFileType] = useState('auto');
  const [genomeBuild, setGenomeBuild] = useState('?');
  const [files, setFiles] = useState<File[]>([]);
  const [pasted, setPasted] = useState('');
  const [pastedName, setPastedName] = useState('');
  const [dragging, setDragging] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const { uploads, start } = useUploadQueue(ignoreOutcome);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const common = { historyId, fileType, genomeBuild };
    for (const file of files) start({ ...common, source: { kind: 'file', file } });
    if (pasted.trim()) start({ ...common, source: { kind: 'paste', text: pasted, name: pastedName.trim() } });
    setFiles([]);
    setPasted('');
    setPastedName('');
    if (fileInput.current) fileInput.current.value = '';
  };

  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    setFiles((chosen) => [...chosen, ...Array.from(event.dataTransfer.files)]);
  };

  if (asked !== null && target.fetching && !target.data) return <Page title="Upload data"><p role="status">Loading…</p></Page>;
  if (asked !== null && !target.data?.history?.viewerCan.addData) {
    return (
      <Page title="Upload data">
        <ErrorMessage error={target.error} what="Could not open the history" />
        {!target.error && <p role="alert">You may not add data to {target.data?.history ? `the history “${target.data.history.name}”` : 'this history'}.</p>}
        <p>
          <Link to="/upload">Upload into your current history</Link>
        </p>
      </Page>
    );
  }

  return (
    <Page title="Upload data">
      <form className="form upload-form" onSubmit={submit}>
        <div
          className={`drop-zone${dragging ? ' dragging' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
        >
          <label>
            Files (or drop them here)
            <input ref={fileInput} type="file" multiple onChange={(event) => setFiles((chosen) => [...chosen, ...Array.from(event.target.files ?? [])])} />
          </label>
          {files.length > 0 && (
            <ul aria-label="Chosen files">
              {files.map((file, index) => (
                <li key={`${file.name}-${index}`}>
                  {file.name}{' '}
                  <button type="button" onClick={() => setFiles((chosen) => chosen.filter((_, other) => other !== index))} aria-label={`Remove ${file.name}`}>
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <label>
          Paste text (or URLs, one per line)
          <textarea rows={5} value={pasted} onChange={(event) => setPasted(event.target.value)} />
        </label>
        <label>
          Name of the pasted dataset
          <input value={pastedName} placeholder="Pasted Entry" onChange={(event) => setPastedName(event.target.value)} />
        </label>
        <label>
          Datatype
          <select value={fileType} onChange={(event) => setFileType(event.target.value)}>
            <option value="auto">Auto-detect</option>
            {extensionsOf(datatypes.data?.datatypes).map((extension) => (
              <option key={extension} value={extension}>
                {extension}
              </option>
            ))}
          </select>
        </label>
        <ErrorMessage error={datatypes.error} what="Could not list the datatypes" />
        <label>
          Genome build
          <input value={genomeBuild} onChange={(event) => setGenomeBuild(event.target.value)} aria-describedby="genome-help" />
        </label>
        <small id="genome-help">A database key such as hg19; '?' when unknown.</small>
        <button type="submit" disabled={files.length === 0 && !pasted.trim()}>
          Start upload
        </button>
      </form>
      {uploads.length > 0 && (
        <section aria-labelledby="uploads-title">
          <h2 id="uploads-title">Uploads</h2>
          <ul className="uploads">
            {uploads.map((upload) => (
              <UploadRow key={upload.id} upload={upload} />
            ))}
          </ul>
          <p>
            <Link to={historyId ? `/histories/${historyId}` : '/'}>See the datasets in the history</Link>
          </p>
        </section>
      )}
    </Page>
  );
}
