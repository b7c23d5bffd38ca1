// The frame of every page: skip link, header with the side menu, the page, footer.
import { Suspense, useEffect, type ReactNode } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { ErrorBoundary } from '../../components/error-boundary';
import { PageSpinner } from '../../components/spinner';
import { ErrorPage } from '../../pages/error';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

function ScrollToTop() {
  const { pathname } = useLocation();
  // Braces matter: newer Chromium returns a Promise from scrollTo, and React would call it as a cleanup.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

export function RootLayout({ children }: { children?: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <div className="flex min-h-dvh flex-col">
      <ScrollToTop />
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:shadow-lg"
      >
        Skip to content
      </a>
      <SiteHeader />
      {/* At least the viewport below the header: while a page loads, the footer waits below the fold
          instead of jumping down when the content arrives (no layout shift). */}
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto min-h-[calc(100dvh-4rem)] w-full max-w-6xl flex-1 px-4 py-8 focus:outline-none sm:px-6 sm:py-10"
      >
        {/* A page's error stays in the frame; moving to another page (new key) starts afresh.
            Pages load on first visit and show a spinner meanwhile (lazyComponent); the Suspense
            boundary gives the same spinner to anything else that suspends. */}
        <ErrorBoundary key={pathname} fallback={() => <ErrorPage />}>
          <Suspense fallback={<PageSpinner />}>{children ?? <Outlet />}</Suspense>
        </ErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
