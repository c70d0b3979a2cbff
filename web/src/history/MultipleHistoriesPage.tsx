import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { useViewer } from '../account/viewer';
import { graphql } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { useCurrentHistory } from './current-history';
import { HistoryColumn } from './HistoryColumn';
import './history-archives.css';

const SideBySideHistoriesQuery = graphql(`
  query SideBySideHistories {
    histories {
      id
      name
      niceSize
      updateTime
    }
  }
`);

/** Histories shown when none are picked yet: the current one and the most recently changed other one. */
const DEFAULT_COLUMNS = 2;

/**
 * `/histories/multiple`, 15.05's "Histories side-by-side": pick histories (the current one first) and
 * see them in columns, each scrolled on its own. The picks are in the address (`?ids=`), so a reload
 * keeps them; on a phone one column shows at a time, chosen with "Show history".
 */
export function MultipleHistoriesPage() {
  const { viewer } = useViewer();
  const [result] = useQuery({ query: SideBySideHistoriesQuery });
  const { historyId: currentId } = useCurrentHistory();
  const [search, setSearch] = useSearchParams();
  const pickerId = useId();
  const histories = [...(result.data?.histories ?? [])].sort((a, b) => (a.id === currentId ? -1 : b.id === currentId ? 1 : Date.parse(String(b.updateTime)) - Date.parse(String(a.updateTime))));
  const asked = search.get('ids');
  // A tick shows at once (the address follows in a transition, which a controlled checkbox would wait for).
  const [ticked, setTicked] = useState<string[] | null>(null);
  const fromAddress = asked !== null ? asked.split(',') : histories.slice(0, DEFAULT_COLUMNS).map((history) => history.id);
  const picked = (ticked ?? fromAddress).filter((id) => histories.some((history) => history.id === id));
  const shown = histories.filter((history) => picked.includes(history.id));
  const onPhone = search.get('show');
  const phoneShown = shown.find((history) => history.id === onPhone) ?? shown[0];

  const update = (ids: string[], show?: string) => {
    const next: Record<string, string> = { ids: ids.join(',') };
    const keep = show ?? (onPhone && ids.includes(onPhone) ? onPhone : undefined);
    if (keep) next.show = keep;
    setSearch(next, { replace: true });
  };
  const toggle = (id: string, checked: boolean) => {
    const next = histories.map((history) => history.id).filter((known) => (known === id ? checked : picked.includes(known)));
    setTicked(next);
    update(next);
  };

  if (!viewer?.user && !result.fetching) {
    return (
      <Page title="Histories side-by-side">
        <p>
          <Link to="/login">Sign in</Link> to see your histories side by side.
        </p>
      </Page>
    );
  }
  return (
    <Page title="Histories side-by-side">
      <ErrorMessage error={result.error} what="Could not list the histories" />
      {result.fetching && !result.data && <p role="status">Loading histories…</p>}
      {histories.length > 0 && (
        <fieldset className="histories-picker">
          <legend>Histories to show</legend>
          {histories.map((history) => (
            <label key={history.id}>
              <input type="checkbox" checked={picked.includes(history.id)} onChange={(event) => toggle(history.id, event.target.checked)} />
              {history.name}
              {history.id === currentId && <span className="badge">current</span>}
            </label>
          ))}
        </fieldset>
      )}
      {shown.length > 1 && (
        <label className="column-picker" htmlFor={pickerId}>
          Show history
          <select id={pickerId} value={phoneShown?.id} onChange={(event) => update(picked, event.target.value)}>
            {shown.map((history) => (
              <option key={history.id} value={history.id}>
                {history.name}
              </option>
            ))}
          </select>
        </label>
      )}
      {result.data && shown.length === 0 && <p>Choose histories to show them side by side.</p>}
      <div className="history-columns">
        {shown.map((history) => (
          <HistoryColumn key={history.id} history={history} current={history.id === currentId} className={history.id === phoneShown?.id ? undefined : 'not-shown-on-phone'} />
        ))}
      </div>
    </Page>
  );
}
