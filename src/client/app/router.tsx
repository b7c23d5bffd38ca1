// The route table. Every page but the landing page loads on demand; the layout catches page errors.
// Declarative routes (useRoutes) rather than a data router: the app loads its data with TanStack Query,
// and the data router's machinery would add about 18 kB (gzipped) to the first page load.
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { lazyComponent, type Preloadable } from './lazy-component';
import { HomePage } from '../pages/home';
import { NotFoundPage } from '../pages/not-found';
import { RequireAdmin, RequireAuth } from './guards';
import { DataLayer } from './lazy-data-layer';
import { RootLayout } from './layout/root-layout';

/** A page loaded on first visit: each route's code is its own chunk, so the landing page stays small. */
const page = lazyComponent;

const AboutPage = page(() => import('../pages/about').then((m) => m.AboutPage));
const AdminAuctionListPage = page(() => import('../pages/admin/auction-list').then((m) => m.AdminAuctionListPage));
const AdminDashboardPage = page(() => import('../pages/admin/dashboard').then((m) => m.AdminDashboardPage));
const AdminMessagesPage = page(() => import('../pages/admin/messages').then((m) => m.AdminMessagesPage));
const AdminUsersPage = page(() => import('../pages/admin/users').then((m) => m.AdminUsersPage));
const AuctionDetailPage = page(() => import('../pages/auction-detail').then((m) => m.AuctionDetailPage));
const AuctionsPage = page(() => import('../pages/auctions').then((m) => m.AuctionsPage));
const CreateAuctionPage = page(() => import('../pages/create-auction').then((m) => m.CreateAuctionPage));
const ContactPage = page(() => import('../pages/contact').then((m) => m.ContactPage));
const LegalIndexPage = page(() => import('../pages/legal').then((m) => m.LegalIndexPage));
const LegalDocumentPage = page(() => import('../pages/legal-document').then((m) => m.LegalDocumentPage));
const LoginPage = page(() => import('../pages/login').then((m) => m.LoginPage));
const MyAuctionsPage = page(() => import('../pages/my-auctions').then((m) => m.MyAuctionsPage));
const PrivacyPage = page(() => import('../pages/privacy').then((m) => m.PrivacyPage));
const ProfilePage = page(() => import('../pages/profile').then((m) => m.ProfilePage));
const SignupPage = page(() => import('../pages/signup').then((m) => m.SignupPage));

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
