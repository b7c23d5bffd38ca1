// The states some bid scenarios start from, put in place through the app's own REST API before their
// first run (so they hold exactly what the app writes): auctions listed through the create form, each
// with its bidder already leading; and a rival's standing automatic maximum on each auction of another
// scenario, which then answers every bid.
import sharp from 'sharp';
import { DAY_MS } from '../../src/shared/constants';

/** A small JPEG, as a phone's photo would be once the browser has shrunk it: enough for the create's work, quick to make. */
const smallPhoto = () =>
  sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 180, g: 140, b: 90 } } })
    .jpeg({ quality: 80 })
    .toBuffer();

async function post(baseUrl: string, path: string, token: string, body: BodyInit, json = true): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(json ? { 'content-type': 'application/json' } : {}) },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as Record<string, unknown>;
}

/**
 * `count` auctions listed through `POST /api/auction` (multipart, one photo, a condition, shipping and
 * a location, as the create form sends them), by the sellers in turn, starting at 100 and ending in
 * 14 days (15 at most); their ids in order.
 */
export async function auctionsMadeThroughRest(baseUrl: string, sellerTokens: string[], count: number): Promise<number[]> {
  const photo = await smallPhoto();
  const today = new Date().toISOString().slice(0, 10);
  const end = new Date(Date.now() + 14 * DAY_MS).toISOString().slice(0, 10);
  const ids: number[] = [];
  for (let i = 0; i < count; i++) {
    const form = new FormData();
    const fields = {
      itemName: `Listed camera ${i + 1}`,
      itemDescription: 'A camera listed through the create form for the benchmark, in good order, with its strap.',
      itemCategory: 'Electronics',
      startingPrice: '100',
      itemStartDate: today,
      itemEndDate: end,
      itemCondition: 'good',
      shippingCost: '12',
      itemLocation: 'Lisbon',
    };
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('itemPhoto', new File([new Uint8Array(photo)], 'camera.jpg', { type: 'image/jpeg' }));
    const created = await post(baseUrl, '/api/auction', sellerTokens[i % sellerTokens.length]!, form, false);
    ids.push(Number((created.newAuction as { _id: string })._id));
  }
  return ids;
}

/** One bid by hand of `amount` on each auction, by its bidder; with `maxBid`, a standing maximum too. */
export async function placeBids(
  baseUrl: string,
  bids: Array<{ auctionId: number; token: string; amount: number; maxBid?: number }>,
): Promise<void> {
  for (const { auctionId, token, amount, maxBid } of bids) {
    await post(baseUrl, `/api/auction/${auctionId}`, token, JSON.stringify({ bidAmount: amount, ...(maxBid ? { maxBid } : {}) }));
  }
}
