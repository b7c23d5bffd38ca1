// Every client route in one place, so a link and its route can never drift apart: the route table
// (app/router.tsx) is built from these. A route with a parameter has its pattern here (`…Pattern`)
// beside the function that fills it in.
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  verifyEmail: '/verify-email',
  about: '/about',
  contact: '/contact',
  legal: '/legal',
  legalDocument: (slug: string) => `/legal/${encodeURIComponent(slug)}`,
  legalDocumentPattern: '/legal/:document',
  auctions: '/auction',
  auction: (id: string) => `/auction/${encodeURIComponent(id)}`,
  auctionPattern: '/auction/:id',
  relistAuction: (id: string) => `/auction/${encodeURIComponent(id)}/relist`,
  relistAuctionPattern: '/auction/:id/relist',
  myAuctions: '/myauction',
  myBids: '/mybids',
  watchlist: '/watchlist',
  createAuction: '/create',
  profile: '/profile',
  user: (id: string) => `/users/${encodeURIComponent(id)}`,
  userPattern: '/users/:id',
  privacy: '/privacy',
  messages: '/messages',
  /** One conversation open on the messages page: about the auction, with the other party. */
  conversation: (auctionId: string, withUserId: string) =>
    `/messages?${new URLSearchParams({ auction: auctionId, with: withUserId }).toString()}`,
  admin: '/admin',
  adminUsers: '/admin/users',
  adminMessages: '/admin/messages',
  adminAuctions: '/auctionlist',
} as const;
