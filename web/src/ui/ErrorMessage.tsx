import type { CombinedError } from 'urql';

/** The graph's refusal or a network failure, as a message read out by screen readers. */
export function ErrorMessage({ error, what }: { error: CombinedError | Error | string | undefined | null; what?: string }) {
  if (!error) return null;
  const messages =
    typeof error === 'string'
      ? [error]
      : 'graphQLErrors' in error && error.graphQLErrors.length > 0
        ? error.graphQLErrors.map((graphQLError) => graphQLError.message)
        : 'networkError' in error && error.networkError
          ? [`The server could not be reached (${error.networkError.message}).`]
          : [error.message];
  return (
    <div role="alert" className="error">
      {what && <strong>{what}: </strong>}
      {messages.join(' ')}
    </div>
  );
}
