// Where a page goes in the layout: a note while the next page loads, then the page, or why it could not be loaded.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../components/ui';
import { PageLoadBoundary } from './pages/route-error-page';
import { usePageLoading } from './router';

function PageLoadingNotice() {
  return (
    <p role="status" className="mb-3 flex items-center gap-2 text-sm text-slate-600">
      <Spinner />
      Loading the page…
    </p>
  );
}

export function PageFrame() {
  const { pathname } = useLocation();
  // The console's router keeps the current page in view while the next one loads.
  const loading = usePageLoading();
  return (
    <>
      {loading && <PageLoadingNotice />}
      <PageLoadBoundary pathname={pathname}>
        {/* Only under a router that does not load the page first (the tests' memory router). */}
        <Suspense fallback={<PageLoadingNotice />}>
          <Outlet />
        </Suspense>
      </PageLoadBoundary>
    </>
  );
}
