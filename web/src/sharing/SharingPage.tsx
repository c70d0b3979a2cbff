import { Link, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { Breadcrumbs } from '../ui/Breadcrumbs';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { AccessSettings } from './AccessSettings';
import { isKindPath, KINDS } from './shareable-kinds';
import { SharingStatusQuery } from './sharing-documents';
import { UsersSharedWith } from './UsersSharedWith';

/** `/sharing/:kind/:itemId`: link access, publication and the users an item is shared with. */
export function SharingPage() {
  const { kind: kindPath, itemId = '' } = useParams();
  const known = isKindPath(kindPath) ? KINDS[kindPath] : null;
  const [result] = useQuery({ query: SharingStatusQuery, variables: { id: itemId, kind: known?.kind ?? 'HISTORIES' }, pause: !known });
  const status = result.data?.sharingStatus;
  if (!known) return <Page title="Sharing"><p>There is nothing of the kind “{kindPath}” to share.</p></Page>;
  if (result.error) return <Page title="Sharing"><ErrorMessage error={result.error} what={`Could not read how the ${known.singular} is shared`} /></Page>;
  if (!status) return <Page title="Sharing"><p role="status">Loading…</p></Page>;
  const address = `${window.location.origin}${known.open(itemId)}`;
  return (
    <Page title={`Share ${known.singular} “${status.title}”`}>
      <Breadcrumbs crumbs={[{ label: 'Sharing', to: '/sharing' }, { label: status.title }]} />
      <p>
        <Link to={known.open(itemId)}>Open the {known.singular}</Link>
      </p>
      <AccessSettings id={itemId} kind={known.kind} status={status} />
      {(status.importable || status.published) && (
        <p>
          Anyone with this link may see it: <code>{address}</code>
        </p>
      )}
      <UsersSharedWith id={itemId} kind={known.kind} users={status.usersSharedWith} />
    </Page>
  );
}
