// The route table. Every page but the landing page loads on demand; the layout catches page errors.
// Declarative routes (useRoutes) rather than a data router: the app loads its data with TanStack Query,
// and the data router's machinery would add about 18 kB (gzipped) to the first page load.
import { lazy, type ComponentType } from 'react';
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { HomePage } from '../pages/home';
import { NotFoundPage } from '../pages/not-found';
import { RequireAdmin, RequireAuth } from './guards';
import { DataLayer, type Preloadable } from './lazy-data-layer';
import { RootLayout } from './layout/root-layout';

/** A page loaded on first visit: each route's code is its own chunk, so the landing page stays small. */
function page<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): ComponentType & Preloadable {
  return Object.assign(
    lazy(() => load().then((module) => ({ default: pick(module) }))),
    { preload: () => void load() },
  );
}

const AboutPage = page(() => import('../pages/about'), (m) => m.AboutPage);
const AdminAuctionListPage = page(() => import('../pages/admin/auction-list'), (m) => m.AdminAuctionListPage);
const AdminDashboardPage = page(() => import('../pages/admin/dashboard'), (m) => m.AdminDashboardPage);
const AdminMessagesPage = page(() => import('../pages/admin/messages'), (m) => m.AdminMessagesPage);
const AdminUsersPage = page(() => import('../pages/admin/users'), (m) => m.AdminUsersPage);
const AuctionDetailPage = page(() => import('../pages/auction-detail'), (m) => m.AuctionDetailPage);
const AuctionsPage = page(() => import('../pages/auctions'), (m) => m.AuctionsPage);
const CreateAuctionPage = page(() => import('../pages/create-auction'), (m) => m.CreateAuctionPage);
const ContactPage = page(() => import('../pages/contact'), (m) => m.ContactPage);
const LegalIndexPage = page(() => import('../pages/legal'), (m) => m.LegalIndexPage);
const LegalDocumentPage = page(() => import('../pages/legal-document'), (m) => m.LegalDocumentPage);
const LoginPage = page(() => import('../pages/login'), (m) => m.LoginPage);
const MyAuctionsPage = page(() => import('../pages/my-auctions'), (m) => m.MyAuctionsPage);
const PrivacyPage = page(() => import('../pages/privacy'), (m) => m.PrivacyPage);
const ProfilePage = page(() => import('../pages/profile'), (m) => m.ProfilePage);
const SignupPage = page(() => import('../pages/signup'), (m) => m.SignupPage);

export const routes: RouteObject[] = [
  {
    path: '/',
    // The layout catches errors of any page and shows the error page inside the site frame.
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'about', element: <AboutPage /> },
      // Paths match case-insensitively, so /Legal lands here too.
      { path: 'legal', element: <LegalIndexPage /> },
      { path: 'legal/:document', element: <LegalDocumentPage /> },
      {
        element: <DataLayer />,
        children: [
          { path: 'contact', element: <ContactPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: 'auction', element: <AuctionsPage /> },
              { path: 'auction/:id', element: <AuctionDetailPage /> },
              { path: 'myauction', element: <MyAuctionsPage /> },
              { path: 'create', element: <CreateAuctionPage /> },
              { path: 'profile', element: <ProfilePage /> },
              { path: 'privacy', element: <PrivacyPage /> },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: 'admin', element: <AdminDashboardPage /> },
              { path: 'admin/users', element: <AdminUsersPage /> },
              { path: 'admin/messages', element: <AdminMessagesPage /> },
              { path: 'auctionlist', element: <AdminAuctionListPage /> },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export function AppRoutes() {
  return useRoutes(routes);
}

/**
 * Starts loading the code of the page at `pathname` (and the data layer it sits in) at once, in
 * parallel with the session check, instead of after it: a deep link paints sooner.
 */
export function preloadRoute(pathname: string): void {
  for (const { route } of matchRoutes(routes, pathname) ?? []) {
    const type = (route.element as { type?: Partial<Preloadable> } | undefined)?.type;
    type?.preload?.();
  }
}
