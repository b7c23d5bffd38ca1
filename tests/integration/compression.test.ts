// Which answers are compressed (src/server/plugins/compression.ts): a client that accepts compression
// gets a bid's answer as it is, since compressing a kilobyte costs the server more than the bid, and
// the auction page with its bids compressed, where the bytes saved are worth it.
import { expect } from 'vitest';
import { signedInUser } from '../support/accounts';
import { insertAuction } from '../support/auctions';
import { test } from '../support/fixtures';
import { sessionCookieHeader } from '../support/http';

const ACCEPTS = 'gzip, deflate, br';

test("a bid's answer is sent as it is; the auction page with its bids is compressed, both to a browser's Accept-Encoding", async ({
  listening,
}) => {
  const { baseUrl, deps } = listening;
  const seller = await signedInUser(deps, 'Sam Seller');
  const [ann, ben] = await Promise.all([signedInUser(deps, 'Ann Bidder'), signedInUser(deps, 'Ben Bidder')]);
  const id = await insertAuction(deps, seller.id, {
    itemName: 'Brass telescope of the 1920s, with its leather case, both lenses and the maker’s plate',
    startingPrice: 100,
  });
  for (let i = 1; i <= 30; i++) await (i % 2 ? ann : ben).caller.auction.placeBid({ auctionId: id, bidAmount: 100 + i });

  const bid = await fetch(`${baseUrl}/api/auction/${id}`, {
    method: 'POST',
    headers: { cookie: sessionCookieHeader(ben.token), 'content-type': 'application/json', 'accept-encoding': ACCEPTS },
    body: JSON.stringify({ bidAmount: 140 }),
  });
  expect(bid.status).toBe(201);
  expect(bid.headers.get('content-encoding')).toBeNull();
  const answer = await bid.text();
  // Over a kilobyte: an answer this size was compressed before, at a cost of more CPU than the bid's own.
  expect(answer.length).toBeGreaterThan(1024);
  expect(JSON.parse(answer)).toMatchObject({ auction: { currentPrice: 140 } });

  const page = await fetch(`${baseUrl}/api/auction/${id}`, {
    headers: { cookie: sessionCookieHeader(ann.token), 'accept-encoding': ACCEPTS },
  });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-encoding')).toBe('br');
  // fetch decodes it: the same auction, with every bid.
  expect(((await page.json()) as { bids: unknown[] }).bids).toHaveLength(31);
});
