import { lazy, Suspense } from 'react';

// The editor (React Flow with it) loads when it opens, not with the UI.
const WorkflowEditorPage = lazy(() => import('./WorkflowEditorPage').then((module) => ({ default: module.WorkflowEditorPage })));
const NewWorkflowPage = lazy(() => import('./NewWorkflowPage').then((module) => ({ default: module.NewWorkflowPage })));

const loading = <p role="status">Loading the editor…</p>;

/** `/workflows/<id>/edit`, loaded on demand. */
export function LazyWorkflowEditorPage() {
  return (
    <Suspense fallback={loading}>
      <WorkflowEditorPage />
    </Suspense>
  );
}

/** `/workflows/new`, loaded on demand. */
export function LazyNewWorkflowPage() {
  return (
    <Suspense fallback={loading}>
      <NewWorkflowPage />
    </Suspense>
  );
}
