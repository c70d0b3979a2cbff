import { useEffect, useId, useState } from 'react';
import type { CombinedError } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import './access.css';

/** Something a picker offers and keeps: its id and the name it is shown by. */
export interface Pick {
  id: string;
  label: string;
}

export interface PickOptions {
  options: readonly Pick[] | undefined;
  fetching: boolean;
  error?: CombinedError;
}

interface Props {
  /** What is picked, plural ("Users", "Groups", "Roles"). */
  legend: string;
  /** One of them, for the buttons ("user"). */
  noun: string;
  chosen: readonly Pick[];
  onChange: (chosen: Pick[]) => void;
  /** Reads what matches a search (a hook; called with '' before anything is typed). */
  useOptions: (search: string) => PickOptions;
  hint?: string;
}

/** At most this many matches are offered at once: typing more narrows them. */
const SHOWN = 10;
const SETTLE_MS = 200;

/**
 * A searchable picker: the chosen items, each with its "Remove" button, then a search box whose
 * matches (through the graph) are offered with "Add" buttons. Names are shown as text.
 */
export function MemberPicker({ legend, noun, chosen, onChange, useOptions, hint }: Props) {
  const [search, setSearch] = useState('');
  // The graph is asked once the typing pauses, not at every key.
  const [asked, setAsked] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setAsked(search.trim()), SETTLE_MS);
    return () => window.clearTimeout(timer);
  }, [search]);
  const found = useOptions(asked);
  const current = asked === search.trim();
  const searchId = useId();
  // Chosen items are known by id, or (roles named in permissions) by name.
  const chosenKeys = new Set(chosen.flatMap((item) => [item.id, item.label]));
  const offered = (found.options ?? []).filter((option) => !chosenKeys.has(option.id) && !chosenKeys.has(option.label)).slice(0, SHOWN);
  return (
    <fieldset className="member-picker">
      <legend>{legend}</legend>
      {chosen.length === 0 ? (
        <p className="hint">None.</p>
      ) : (
        <ul className="picked" aria-label={`Chosen ${legend.toLowerCase()}`}>
          {chosen.map((item) => (
            <li key={item.id}>
              <span>{item.label}</span>{' '}
              <button type="button" onClick={() => onChange(chosen.filter((other) => other.id !== item.id))} aria-label={`Remove ${item.label}`}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <label htmlFor={searchId}>Find {legend.toLowerCase()}</label>
      <input id={searchId} type="search" value={search} placeholder={hint} onChange={(event) => setSearch(event.target.value)} />
      <ErrorMessage error={found.error} what={`Could not search the ${legend.toLowerCase()}`} />
      {search.trim() !== '' && (
        <ul className="picker-matches" aria-label={`Matching ${legend.toLowerCase()}`}>
          {(!current || (found.fetching && !found.options)) && <li role="status">Searching…</li>}
          {current && found.options && offered.length === 0 && <li>No other {noun} matches.</li>}
          {current && offered.map((option) => (
            <li key={option.id}>
              <button type="button" onClick={() => { onChange([...chosen, option]); setSearch(''); }} aria-label={`Add ${option.label}`}>
                Add {option.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}
