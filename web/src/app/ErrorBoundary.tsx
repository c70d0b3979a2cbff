import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** A screen that throws shows what went wrong and a way back, never a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <main id="main" className="page">
        <h1>Something went wrong</h1>
        <p role="alert">{this.state.error.message}</p>
        <p>
          <a href="/">Back to the start</a>
        </p>
      </main>
    );
  }
}
