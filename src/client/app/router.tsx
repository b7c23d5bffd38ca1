// The route table. Every route has an error fallback; pages that do not exist yet have no route.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AboutPage } from '../pages/about';
import { AdminAuctionListPage } from '../pages/admin/auction-list';
import { AdminDashboardPage } from '../pages/admin/dashboard';
import { AdminMessagesPage } from '../pages/admin/messages';
import { AdminUsersPage } from '../pages/admin/users';
import { AuctionDetailPage } from '../pages/auction-detail';
import { AuctionsPage } from '../pages/auctions';
import { CreateAuctionPage } from '../pages/create-auction';
import { ContactPage } from '../pages/contact';
import { ErrorPage, RootErrorPage } from '../pages/error';
import { HomePage } from '../pages/home';
import { LegalIndexPage } from '../pages/legal';
import { LegalDocumentPage } from '../pages/legal-document';
import { LoginPage } from '../pages/login';
import { MyAuctionsPage } from '../pages/my-auctions';
import { NotFoundPage } from '../pages/not-found';
import { PrivacyPage } from '../pages/privacy';
import { ProfilePage } from '../pages/profile';
import { SignupPage } from '../pages/signup';
import { RequireAdmin, RequireAuth } from './guards';
import { RootLayout } from './layout/root-layout';

/** Adds the in-frame error fallback to a route and, recursively, to its children. */
function withErrorPage(route: RouteObject): RouteObject {
  const children = route.children?.map(withErrorPage);
  return { errorElement: <ErrorPage />, ...route, ...(children ? { children } : {}) } as RouteObject;
}

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <RootLayout />,
    errorElement: <RootErrorPage />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'signup', element: <SignupPage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'contact', element: <ContactPage /> },
      // Paths match case-insensitively, so /Legal lands here too.
      { path: 'legal', element: <LegalIndexPage /> },
      { path: 'legal/:document', element: <LegalDocumentPage /> },
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
      { path: '*', element: <NotFoundPage /> },
    ].map(withErrorPage),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
