import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { type ListColumn, ListTable } from '../../ui/ListTable';
import { Page } from '../../ui/Page';
import { CreateQuotaMutation, type QuotaRow, QuotasQuery } from './access-documents';
import { type QuotaFields, QuotaForm } from './QuotaForm';

const columns: ReadonlyArray<ListColumn<QuotaRow>> = [
  { header: 'Name', rowHeader: true, cell: (quota) => <Link to={`/admin/quotas/${quota.id}${quota.deleted ? '?deleted=1' : ''}`}>{quota.name}</Link> },
  { header: 'Description', cell: (quota) => quota.description },
  { header: 'Amount', cell: (quota) => `${quota.operation === '=' ? '' : quota.operation}${quota.displayAmount}` },
  { header: 'Default for', cell: (quota) => (quota.defaultFor.length ? quota.defaultFor.join(', ') : '—') },
];

const EMPTY: QuotaFields = { name: '', description: '', amount: '', operation: '=', defaultFor: 'no', users: [], groups: [] };

/**
 * `/admin/quotas`: quotas are few by nature (a handful of tiers), so the list is read whole and
 * filtered on screen by name or description; "Create new quota".
 */
export function QuotasPage() {
  const [search, setSearch] = useState('');
  const [deleted, setDeleted] = useState(false);
  const [result] = useQuery({ query: QuotasQuery, variables: { deleted }, requestPolicy: 'cache-and-network' });
  const needle = search.trim().toLowerCase();
  const rows = result.data?.quotas.filter((quota) => `${quota.name} ${quota.description}`.toLowerCase().includes(needle));
  const [created, create] = useMutation(CreateQuotaMutation);
  const navigate = useNavigate();
  const submit = async (fields: QuotaFields) => {
    const outcome = await create({
      input: {
        name: fields.name,
        description: fields.description,
        amount: fields.amount,
        operation: fields.operation,
        default: fields.defaultFor,
        inUsers: fields.defaultFor === 'no' ? fields.users.map((u) => u.id) : [],
        inGroups: fields.defaultFor === 'no' ? fields.groups.map((g) => g.id) : [],
      },
    });
    if (outcome.data) navigate(`/admin/quotas/${outcome.data.createQuota.quota.id}`);
  };
  return (
    <Page title="Quotas">
      <form role="search" aria-label="Search the quotas" className="admin-filters" onSubmit={(event) => event.preventDefault()}>
        <label>
          Name or description
          <input type="search" value={search} onChange={(event) => setSearch(event.target.value)} />
        </label>
        <label className="inline">
          <input type="checkbox" checked={deleted} onChange={(event) => setDeleted(event.target.checked)} /> Deleted quotas
        </label>
      </form>
      <ErrorMessage error={result.error} what="Could not list the quotas" />
      <ListTable caption="Quotas" columns={columns} rows={rows} rowKey={(quota) => quota.id} empty="No quota matches." />
      <h2>Create new quota</h2>
      <QuotaForm label="Create new quota" initial={EMPTY} submitLabel="Create quota" onSubmit={(fields) => void submit(fields)} busy={created.fetching} error={created.error} />
    </Page>
  );
}
