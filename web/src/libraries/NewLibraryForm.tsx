import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CreateLibraryMutation } from './library-documents';

/** An administrator's form for a new library; the new library opens once made. */
export function NewLibraryForm() {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [synopsis, setSynopsis] = useState('');
  const [result, createLibrary] = useMutation(CreateLibraryMutation);
  const navigate = useNavigate();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await createLibrary({ input: { name: name.trim(), description: description.trim() || null, synopsis: synopsis.trim() || null } });
    const created = outcome.data?.createLibrary;
    if (created) navigate(`/libraries/${created.id}`);
  };
  return (
    <form className="inline-form panel" onSubmit={submit} aria-label="New library">
      <label>
        Library name
        <input required value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Description
        <input value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <label>
        Synopsis
        <input value={synopsis} onChange={(event) => setSynopsis(event.target.value)} />
      </label>
      <button type="submit" disabled={result.fetching}>
        Create library
      </button>
      <ErrorMessage error={result.error} what="Could not create the library" />
    </form>
  );
}
