import { lazy, Suspense } from 'react';

const AdminApp = lazy(() => import('./AdminApp'));

/** `/admin/...`, loaded when an administration screen opens. */
export function LazyAdmin() {
  return (
    <Suspense fallback={<p role="status">Loading the administration…</p>}>
      <AdminApp />
    </Suspense>
  );
}
