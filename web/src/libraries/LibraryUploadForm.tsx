import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { UploadToLibraryMutation } from './library-documents';

/** Apollo's CSRF guard lets a multipart request through only with a header a cross-site form cannot send. */
const MULTIPART_CONTEXT = { fetchOptions: { headers: { 'apollo-require-preflight': 'true' } } };

/** Uploads a file or pasted text into the folder as new library datasets. */
export function LibraryUploadForm({ libraryId, folderId, onUploaded }: { libraryId: string; folderId: string; onUploaded(): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [fileType, setFileType] = useState('auto');
  const [dbkey, setDbkey] = useState('?');
  const [formKey, setFormKey] = useState(0);
  const [result, upload] = useMutation(UploadToLibraryMutation);
  const [done, setDone] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    const input = {
      createType: 'file',
      folderId,
      fileType,
      dbkey: dbkey.trim() || '?',
      ...(file ? { files: [file] } : { pasted }),
    };
    const outcome = await upload({ libraryId, input }, MULTIPART_CONTEXT);
    const created = outcome.data?.createLibraryContent;
    if (!created) return;
    setDone(`Added ${created.map((item) => item.name).join(', ')}.`);
    setFile(null);
    setPasted('');
    setFormKey((key) => key + 1);
    onUploaded();
  };
  return (
    <form key={formKey} className="stack" onSubmit={submit} aria-label="Upload into this folder">
      <label>
        File to upload
        <input type="file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
      </label>
      <label>
        Or paste its content
        <textarea rows={3} value={pasted} disabled={file !== null} onChange={(event) => setPasted(event.target.value)} />
      </label>
      <label>
        Datatype
        <input value={fileType} onChange={(event) => setFileType(event.target.value)} />
      </label>
      <label>
        Genome build
        <input value={dbkey} onChange={(event) => setDbkey(event.target.value)} />
      </label>
      <div>
        <button type="submit" disabled={result.fetching || (!file && !pasted.trim())}>
          Upload to library
        </button>
      </div>
      {done && <p role="status">{done}</p>}
      <ErrorMessage error={result.error} what="Could not upload" />
    </form>
  );
}
