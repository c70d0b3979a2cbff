import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { CreateFolderMutation } from './library-documents';

/** Makes a subfolder of the folder shown (for those who may add to it). */
export function NewFolderForm({ parentId, onCreated }: { parentId: string; onCreated(): void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [result, createFolder] = useMutation(CreateFolderMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const outcome = await createFolder({ parentId, name: name.trim(), description: description.trim() || null });
    if (outcome.data?.createFolder) {
      setName('');
      setDescription('');
      onCreated();
    }
  };
  return (
    <form className="inline-form" onSubmit={submit} aria-label="New folder">
      <label>
        Folder name
        <input required value={name} onChange={(event) => setName(event.target.value)} />
      </label>
      <label>
        Folder description
        <input value={description} onChange={(event) => setDescription(event.target.value)} />
      </label>
      <button type="submit" disabled={result.fetching}>
        Create folder
      </button>
      <ErrorMessage error={result.error} what="Could not create the folder" />
    </form>
  );
}
