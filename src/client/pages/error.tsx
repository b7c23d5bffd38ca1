// Error fallbacks: one inside the site frame (any page), one bare for errors of the frame itself.
import { TriangleAlert } from 'lucide-react';

import { Button } from '../components/button';
import { paths } from '../lib/paths';

/** The error itself is logged by the ErrorBoundary that shows this page. */
export function ErrorPage() {
  return (
    <div role="alert" className="mx-auto flex max-w-xl flex-col items-center py-12 text-center sm:py-20">
      <title>Something went wrong · Open Auction</title>
      <span className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <TriangleAlert aria-hidden="true" className="size-7" />
      </span>
      <h1 className="mt-5 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Something went wrong</h1>
      <p className="mt-3 text-base text-slate-600">This page hit an unexpected problem. Reloading usually helps.</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Button size="lg" onClick={() => window.location.reload()}>
          Reload page
        </Button>
        {/* A plain link: a full page load starts the app afresh, whatever state broke it. */}
        <a href={paths.home} className="px-2 py-3 font-medium text-accent-700 hover:underline">
          Go to homepage
        </a>
      </div>
    </div>
  );
}

/** For an error in the site frame itself: the same message without header and footer. */
export function RootErrorPage() {
  return (
    <div className="min-h-dvh bg-slate-50 px-4">
      <ErrorPage />
    </div>
  );
}
