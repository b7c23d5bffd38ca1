// Every client route in one place, so a link and its route can never drift apart.
export const paths = {
  home: '/',
  login: '/login',
  signup: '/signup',
  about: '/about',
  contact: '/contact',
  legal: '/legal',
  auctions: '/auction',
  myAuctions: '/myauction',
  createAuction: '/create',
  auction: (id: string) => `/auction/${encodeURIComponent(id)}`,
  profile: '/profile',
  privacy: '/privacy',
  admin: '/admin',
  adminUsers: '/admin/users',
  adminAuctions: '/auctionlist',
} as const;
