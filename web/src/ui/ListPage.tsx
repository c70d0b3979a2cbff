import { type ReactNode } from 'react';
import { type CombinedError } from 'urql';
import { ErrorMessage } from './ErrorMessage';
import { Page } from './Page';

/**
 * A list screen: its title, a toolbar (forms, filters, breadcrumbs) before the list, the error
 * of reading the list and a loading status, then the list itself (a {@link ListTable}).
 */
export function ListPage({
  title,
  toolbar,
  error,
  errorWhat,
  loading,
  children,
}: {
  title: string;
  toolbar?: ReactNode;
  error?: CombinedError;
  /** What failed, said before the error (e.g. "Could not list the histories"). */
  errorWhat?: string;
  /** The status shown while the list is read (e.g. "Loading histories…"), or nothing. */
  loading?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Page title={title}>
      {toolbar}
      <ErrorMessage error={error} what={errorWhat} />
      {loading && <p role="status">{loading}</p>}
      {children}
    </Page>
  );
}
