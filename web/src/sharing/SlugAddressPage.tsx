import { Navigate, useParams } from 'react-router-dom';
import { useQuery } from 'urql';
import { ErrorMessage } from '../ui/ErrorMessage';
import { Page } from '../ui/Page';
import { KINDS } from './shareable-kinds';
import { ItemAtSlugAddressQuery } from './sharing-documents';

/**
 * `/u/:username/:letter/:slug`: the addresses of 15.05 people keep in papers, wikis and e-mails
 * (h history, p page, v visualization, w workflow). The graph names the item the caller may read,
 * and the screen of that item replaces this address; an item the caller may not read shows the
 * graph's refusal, an unknown one its "not found".
 */
export function SlugAddressPage() {
  const { username = '', letter = '', slug = '' } = useParams();
  const [result] = useQuery({ query: ItemAtSlugAddressQuery, variables: { username, letter, slug } });
  const item = result.data?.itemAtSlugAddress;
  if (result.error) return <Page title="Shared item"><ErrorMessage error={result.error} what={`Could not open u/${username}/${letter}/${slug}`} /></Page>;
  if (!item) return <Page title="Shared item"><p role="status">Loading…</p></Page>;
  const kind = Object.values(KINDS).find((candidate) => candidate.kind === item.kind);
  if (!kind) return <Page title="Not found"><p>There is no such page.</p></Page>;
  return <Navigate to={kind.open(item.id)} replace />;
}
