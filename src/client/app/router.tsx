// The route table. Every page but the landing page loads on demand; the layout catches page errors.
// Declarative routes (useRoutes) rather than a data router: the app loads its data with TanStack Query,
// and the data router's machinery would add about 18 kB (gzipped) to the first page load.
import { matchRoutes, useRoutes, type RouteObject } from 'react-router-dom';
import { lazyComponent, type Preloadable } from './lazy-component';
import { HomePage } from '../pages/home';
import { NotFoundPage } from '../pages/not-found';
import { RequireAdmin, RequireAuth } from './guards';
import { paths } from '../lib/paths';
import { DataLayer } from './lazy-data-layer';
import { RootLayout } from './layout/root-layout';

/** A page loaded on first visit: each route's code is its own chunk, so the landing page stays small. */
const page = lazyComponent;

const AboutPage = page(() => import('../pages/about').then((m) => m.AboutPage));
const AdminAuditPage = page(() => import('../pages/admin/audit').then((m) => m.AdminAuditPage));
const AdminAuctionListPage = page(() => import('../pages/admin/auction-list').then((m) => m.AdminAuctionListPage));
const AdminDashboardPage = page(() => import('../pages/admin/dashboard').then((m) => m.AdminDashboardPage));
const AdminMessagesPage = page(() => import('../pages/admin/messages').then((m) => m.AdminMessagesPage));
const AdminReportsPage = page(() => import('../pages/admin/reports').then((m) => m.AdminReportsPage));
const AdminUsersPage = page(() => import('../pages/admin/users').then((m) => m.AdminUsersPage));
const AuctionDetailPage = page(() => import('../pages/auction-detail').then((m) => m.AuctionDetailPage));
const AuctionsPage = page(() => import('../pages/auctions').then((m) => m.AuctionsPage));
const CreateAuctionPage = page(() => import('../pages/create-auction').then((m) => m.CreateAuctionPage));
const ContactPage = page(() => import('../pages/contact').then((m) => m.ContactPage));
const LegalIndexPage = page(() => import('../pages/legal').then((m) => m.LegalIndexPage));
const LegalDocumentPage = page(() => import('../pages/legal-document').then((m) => m.LegalDocumentPage));
const ForgotPasswordPage = page(() => import('../pages/forgot-password').then((m) => m.ForgotPasswordPage));
const ResetPasswordPage = page(() => import('../pages/reset-password').then((m) => m.ResetPasswordPage));
const LoginPage = page(() => import('../pages/login').then((m) => m.LoginPage));
const MessagesPage = page(() => import('../pages/messages').then((m) => m.MessagesPage));
const MyAuctionsPage = page(() => import('../pages/my-auctions').then((m) => m.MyAuctionsPage));
const MyBidsPage = page(() => import('../pages/my-bids').then((m) => m.MyBidsPage));
const OrderDetailPage = page(() => import('../pages/order-detail').then((m) => m.OrderDetailPage));
const OrdersPage = page(() => import('../pages/orders').then((m) => m.OrdersPage));
const PrivacyPage = page(() => import('../pages/privacy').then((m) => m.PrivacyPage));
const ProfilePage = page(() => import('../pages/profile').then((m) => m.ProfilePage));
const PublicProfilePage = page(() => import('../pages/public-profile').then((m) => m.PublicProfilePage));
const RelistAuctionPage = page(() => import('../pages/relist-auction').then((m) => m.RelistAuctionPage));
const SignupPage = page(() => import('../pages/signup').then((m) => m.SignupPage));
const VerifyEmailPage = page(() => import('../pages/verify-email').then((m) => m.VerifyEmailPage));
const WatchlistPage = page(() => import('../pages/watchlist').then((m) => m.WatchlistPage));

const routes: RouteObject[] = [
  {
    path: paths.home,
    // The layout catches errors of any page and shows the error page inside the site frame.
    element: <RootLayout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: paths.login, element: <LoginPage /> },
      { path: paths.signup, element: <SignupPage /> },
      { path: paths.about, element: <AboutPage /> },
      // Paths match case-insensitively, so /Legal lands here too.
      { path: paths.legal, element: <LegalIndexPage /> },
      { path: paths.legalDocumentPattern, element: <LegalDocumentPage /> },
      {
        element: <DataLayer />,
        children: [
          { path: paths.contact, element: <ContactPage /> },
          { path: paths.forgotPassword, element: <ForgotPasswordPage /> },
          { path: paths.resetPassword, element: <ResetPasswordPage /> },
          { path: paths.verifyEmail, element: <VerifyEmailPage /> },
          {
            element: <RequireAuth />,
            children: [
              { path: paths.auctions, element: <AuctionsPage /> },
              { path: paths.auctionPattern, element: <AuctionDetailPage /> },
              { path: paths.relistAuctionPattern, element: <RelistAuctionPage /> },
              { path: paths.myAuctions, element: <MyAuctionsPage /> },
              { path: paths.myBids, element: <MyBidsPage /> },
              { path: paths.watchlist, element: <WatchlistPage /> },
              { path: paths.orders, element: <OrdersPage /> },
              { path: paths.orderPattern, element: <OrderDetailPage /> },
              { path: paths.createAuction, element: <CreateAuctionPage /> },
              { path: paths.profile, element: <ProfilePage /> },
              { path: paths.userPattern, element: <PublicProfilePage /> },
              { path: paths.privacy, element: <PrivacyPage /> },
              { path: paths.messages, element: <MessagesPage /> },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [
              { path: paths.admin, element: <AdminDashboardPage /> },
              { path: paths.adminUsers, element: <AdminUsersPage /> },
              { path: paths.adminMessages, element: <AdminMessagesPage /> },
              { path: paths.adminAudit, element: <AdminAuditPage /> },
              { path: paths.adminReports, element: <AdminReportsPage /> },
              { path: paths.adminAuctions, element: <AdminAuctionListPage /> },
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
