import { useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useMutation, useQuery } from 'urql';
import type { ResultOf } from '../../graphql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { Page } from '../../ui/Page';
import { DeleteQuotaMutation, QuotaQuery, UndeleteQuotaMutation, UpdateQuotaMutation } from './access-documents';
import { LifecycleControls } from './LifecycleControls';
import { type QuotaFields, QuotaForm } from './QuotaForm';

type LoadedQuota = NonNullable<ResultOf<typeof QuotaQuery>['quota']>;

const fieldsOf = (quota: LoadedQuota): QuotaFields => ({
  name: quota.name,
  description: quota.description,
  amount: quota.displayAmount,
  operation: quota.operation,
  defaultFor: quota.defaultFor[0] ?? 'no',
  users: quota.users.map((user) => ({ id: user.id, label: user.email ?? user.id })),
  groups: quota.groups.map((group) => ({ id: group.id, label: group.name })),
});

/** `/admin/quotas/:quotaId` (`?deleted=1` for a deleted one): edit, delete (and purge), undelete. */
export function QuotaPage() {
  const { quotaId = '' } = useParams();
  const [params] = useSearchParams();
  const deleted = params.get('deleted') === '1';
  const [result, reread] = useQuery({ query: QuotaQuery, variables: { id: quotaId, deleted }, requestPolicy: 'cache-and-network' });
  const quota = result.data?.quota;
  const [said, setSaid] = useState('');
  const [saved, save] = useMutation(UpdateQuotaMutation);
  const [removed, remove] = useMutation(DeleteQuotaMutation);
  const [undeleted, undelete] = useMutation(UndeleteQuotaMutation);
  const navigate = useNavigate();
  if (result.error) return <Page title="Quota"><ErrorMessage error={result.error} what="Could not open the quota" /></Page>;
  if (!quota) return <Page title="Quota"><p role="status">Loading…</p></Page>;
  const stored = fieldsOf(quota);
  const submit = async (fields: QuotaFields) => {
    setSaid('');
    const amountChanged = fields.amount.trim() !== stored.amount || fields.operation !== stored.operation;
    const defaultChanged = fields.defaultFor !== stored.defaultFor;
    const members = fields.defaultFor === 'no';
    const outcome = await save({
      id: quota.id,
      input: {
        ...(fields.name !== stored.name || fields.description !== stored.description ? { name: fields.name, description: fields.description } : {}),
        // The amount as shown is rounded: an unchanged one is sent as its exact bytes.
        ...(amountChanged ? { amount: fields.amount.trim() === stored.amount && quota.bytes !== -1 ? String(quota.bytes) : fields.amount, operation: fields.operation } : {}),
        ...(defaultChanged ? { default: fields.defaultFor } : {}),
        ...(members ? { inUsers: fields.users.map((u) => u.id), inGroups: fields.groups.map((g) => g.id) } : {}),
      },
      replaceMembers: members,
    });
    if (outcome.data) {
      setSaid(outcome.data.updateQuota);
      reread({ requestPolicy: 'network-only' });
    }
  };
  const lifecycle = async (action: 'delete' | 'purge' | 'undelete') => {
    const outcome = action === 'undelete' ? await undelete({ id: quota.id }) : await remove({ id: quota.id, purge: action === 'purge' });
    if (!outcome.error) navigate(`/admin/quotas/${quota.id}${action === 'undelete' ? '' : '?deleted=1'}`);
  };
  const version = `${quota.id}|${quota.name}|${quota.displayAmount}|${quota.operation}|${quota.defaultFor.join()}|${quota.users.map((u) => u.id).join()}|${quota.groups.map((g) => g.id).join()}`;
  return (
    <Page title={`Quota ${quota.name}`}>
      <p>
        <Link to="/admin/quotas">All quotas</Link>
      </p>
      {quota.deleted ? (
        <p>
          {quota.operation === '=' ? '' : quota.operation}
          {quota.displayAmount}: {quota.description}
        </p>
      ) : (
        <QuotaForm key={version} label="Edit the quota" initial={stored} submitLabel="Save" onSubmit={(fields) => void submit(fields)} busy={saved.fetching} error={saved.error} said={said} />
      )}
      <LifecycleControls
        noun="quota"
        name={quota.name}
        deleted={quota.deleted}
        onDelete={() => void lifecycle('delete')}
        onUndelete={() => void lifecycle('undelete')}
        onPurge={() => void lifecycle('purge')}
        purgeWhileLive
        purgeSays={`Purging deletes the quota and takes it from its ${quota.users.length} users and ${quota.groups.length} groups.`}
        busy={removed.fetching || undeleted.fetching}
        error={removed.error ?? undeleted.error}
      />
    </Page>
  );
}
