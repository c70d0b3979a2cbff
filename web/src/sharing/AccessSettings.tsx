import { useMutation } from 'urql';
import type { ResultOf } from '../graphql';
import { ErrorMessage } from '../ui/ErrorMessage';
import type { ShareableKind } from './shareable-kinds';
import { SetSharingAccessMutation, type SharingStatusQuery } from './sharing-documents';

type Status = ResultOf<typeof SharingStatusQuery>['sharingStatus'];

/** Two switches: accessible by link, and published (publishing implies the link). */
export function AccessSettings({ id, kind, status }: { id: string; kind: ShareableKind; status: Status }) {
  const [result, setAccess] = useMutation(SetSharingAccessMutation);
  const change = (action: string) => setAccess({ id, kind, action });
  return (
    <fieldset className="stack">
      <legend>Access</legend>
      <label className="checkbox">
        <input
          type="checkbox"
          checked={status.importable}
          disabled={result.fetching || status.published}
          onChange={(event) => change(event.target.checked ? 'enable_link_access' : 'disable_link_access')}
        />
        Accessible by link
      </label>
      <label className="checkbox">
        <input type="checkbox" checked={status.published} disabled={result.fetching} onChange={(event) => change(event.target.checked ? 'publish' : 'unpublish')} />
        Published (listed for everyone)
      </label>
      <ErrorMessage error={result.error} what="Could not change the access" />
    </fieldset>
  );
}
