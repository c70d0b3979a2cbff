import { type FormEvent, useState } from 'react';
import { useMutation } from 'urql';
import { ErrorMessage } from '../../ui/ErrorMessage';
import { AdminSection } from './AdminSection';
import { type AdminUser, ResetPasswordMutation } from './users-documents';

/** 15.05's "Reset password": the administrator sets a new password the user then signs in with. */
export function ResetPasswordForm({ user }: { user: AdminUser }) {
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState(false);
  const [result, reset] = useMutation(ResetPasswordMutation);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const outcome = await reset({ id: user.id, password, confirmPassword });
    if (outcome.data?.resetUserPassword) {
      setDone(true);
      setPassword('');
      setConfirmPassword('');
    }
  };
  return (
    <AdminSection title="Reset password">
      <form className="form" onSubmit={submit}>
        <label>
          New password
          <input type="password" autoComplete="new-password" required value={password} onChange={(event) => setPassword(event.target.value)} />
        </label>
        <label>
          Confirm password
          <input type="password" autoComplete="new-password" required value={confirmPassword} onChange={(event) => setConfirmPassword(event.target.value)} />
        </label>
        <ErrorMessage error={result.error} what="Could not reset the password" />
        {done && <p role="status">The password was reset: {user.email} signs in with the new one.</p>}
        <button type="submit" disabled={result.fetching}>
          Reset password
        </button>
      </form>
    </AdminSection>
  );
}
