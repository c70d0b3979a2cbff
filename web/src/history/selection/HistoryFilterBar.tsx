import { type FormEvent, useState } from 'react';
import { NO_FILTER, narrows, type PanelFilter } from './panel-filter';

/** The dataset states a user may filter on (the platform's words). */
const STATES = ['ok', 'queued', 'running', 'new', 'paused', 'error', 'empty', 'discarded', 'failed_metadata', 'setting_metadata', 'upload'];

/** Conditions beyond the name are under "Advanced search" (15.05's words), open at first when one is set. */
const advancedSet = (filter: PanelFilter) => [filter.extension, filter.state, filter.tag, filter.hidMin, filter.hidMax].some((value) => value.trim() !== '');

/**
 * The history panel's filter, in view: name, datatype (extension), state, tag, a range of hids, and
 * whether deleted and hidden items show. Texts apply on "Filter" (or Enter); the two checkboxes at once.
 */
export function HistoryFilterBar({ filter, onChange }: { filter: PanelFilter; onChange(filter: PanelFilter): void }) {
  const [draft, setDraft] = useState(filter);
  const [shown, setShown] = useState(filter);
  const [advancedOpen, setAdvancedOpen] = useState(() => advancedSet(filter));
  if (shown !== filter) {
    setShown(filter);
    setDraft(filter);
  }
  const field = (key: 'name' | 'extension' | 'tag' | 'hidMin' | 'hidMax') => ({
    value: draft[key],
    onChange: (event: { target: { value: string } }) => setDraft({ ...draft, [key]: event.target.value }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onChange(draft);
  };
  return (
    <form className="history-filter" role="search" aria-label="Filter the history" onSubmit={submit}>
      <label>
        Name <input type="search" {...field('name')} placeholder="contains…" />
      </label>
      <button type="submit">Filter</button>
      {narrows(filter) && (
        <button type="button" onClick={() => onChange({ ...NO_FILTER, showDeleted: filter.showDeleted, showHidden: filter.showHidden })}>
          Clear filters
        </button>
      )}
      <details className="advanced-search" open={advancedOpen} onToggle={(event) => setAdvancedOpen(event.currentTarget.open)}>
        <summary>Advanced search</summary>
        <div className="advanced-fields">
          <label>
            Extension <input type="text" {...field('extension')} placeholder="e.g. fastqsanger" size={10} />
          </label>
          <label>
            State{' '}
            <select value={draft.state} onChange={(event) => onChange({ ...draft, state: event.target.value })}>
              <option value="">any</option>
              {STATES.map((state) => (
                <option key={state} value={state}>
                  {state}
                </option>
              ))}
            </select>
          </label>
          <label>
            Tag <input type="text" {...field('tag')} placeholder="name:sample" size={10} />
          </label>
          <label>
            Hid from <input type="number" min={0} inputMode="numeric" {...field('hidMin')} className="hid-input" />
          </label>
          <label>
            Hid to <input type="number" min={0} inputMode="numeric" {...field('hidMax')} className="hid-input" />
          </label>
        </div>
      </details>
      <label className="show-flag">
        <input type="checkbox" checked={filter.showDeleted} onChange={(event) => onChange({ ...draft, showDeleted: event.target.checked })} /> Show deleted datasets
      </label>
      <label className="show-flag">
        <input type="checkbox" checked={filter.showHidden} onChange={(event) => onChange({ ...draft, showHidden: event.target.checked })} /> Show hidden datasets
      </label>
    </form>
  );
}
