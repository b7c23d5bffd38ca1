// The route table. Every route has an error fallback; pages that do not exist yet have no route.
import { createBrowserRouter, type RouteObject } from 'react-router-dom';
import { AuctionDetailPage } from '../pages/auction-detail';
import { AuctionsPage } from '../pages/auctions';
import { CreateAuctionPage } from '../pages/create-auction';
import { ErrorPage, RootErrorPage } from '../pages/error';
import { HomePage } from '../pages/home';
import { LoginPage } from '../pages/login';
import { MyAuctionsPage } from '../pages/my-auctions';
import { NotFoundPage } from '../pages/not-found';
import { SignupPage } from '../pages/signup';
import { RequireAuth } from './guards';
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
      {
        element: <RequireAuth />,
        children: [
          { path: 'auction', element: <AuctionsPage /> },
          { path: 'auction/:id', element: <AuctionDetailPage /> },
          { path: 'myauction', element: <MyAuctionsPage /> },
          { path: 'create', element: <CreateAuctionPage /> },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ].map(withErrorPage),
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
