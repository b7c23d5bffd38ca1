// What the browser tests do through the API, from outside any browser (or into a page's own cookie
// jar): sign users up, list auctions with a real photo, bid, buy, read an auction. Each call expects the
// answer a working server gives, so a test fails where the setup broke, not at a later wait.
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { Category } from '../../src/shared/constants';
import { uniqueEmail } from '../support/emails';

export const PASSWORD = 'correct horse battery';
export const DAY_MS = 24 * 60 * 60 * 1000;

/** A photo that looks like one: a soft gradient with a round "object" in the middle, in the given hue. */
export async function photo(hue: number, format: 'png' | 'jpeg' = 'png'): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900">
    <defs>
      <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
        <stop offset="0" stop-color="hsl(${hue},45%,88%)"/><stop offset="1" stop-color="hsl(${hue},35%,62%)"/>
      </linearGradient>
      <radialGradient id="obj" cx="0.4" cy="0.35" r="0.7">
        <stop offset="0" stop-color="hsl(${(hue + 30) % 360},70%,72%)"/><stop offset="1" stop-color="hsl(${(hue + 30) % 360},60%,32%)"/>
      </radialGradient>
    </defs>
    <rect width="1200" height="900" fill="url(#bg)"/>
    <ellipse cx="600" cy="760" rx="300" ry="40" fill="rgba(0,0,0,0.18)"/>
    <circle cx="600" cy="450" r="260" fill="url(#obj)"/>
  </svg>`;
  const image = sharp(Buffer.from(svg));
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: 85 }).toBuffer();
}

export interface ApiUser {
  name: string;
  email: string;
  /** Signs API calls as this user. */
  token: string;
  id: string;
}

export interface AuctionFields {
  name: string;
  category: Category;
  price: number;
  description?: string;
  /** Days from the start to the end, 5 unless `endsInMs` is given. */
  days?: number;
  startsInMs?: number;
  endsInMs?: number;
  hue?: number;
  /** More photos after the cover, each in its own hue. */
  moreHues?: number[];
  /** The listing's optional fields, as the form sends them (itemCondition, shippingCost, reservePrice, ...). */
  listing?: Record<string, string | number>;
}

export interface ApiAuction {
  id: string;
  name: string;
  category: Category;
  startsAt: string;
}

export interface BidAnswer {
  leading: boolean;
  message: string;
  auction: { currentPrice: number; itemEndDate: string; myMaxBid: number | null };
}

export interface AuctionAnswer {
  _id: string;
  itemEndDate: string;
  currentPrice: number;
  status: string;
  bidsCount: number;
}

const emailFor = (name: string) => uniqueEmail(name.split(' ')[0]!.toLowerCase());

/** The calls, against the server the harness started (`baseUrl` is read when a call is made). */
export function testApi(baseUrl: () => string) {
  const call = async (path: string, token: string, init: RequestInit = {}) =>
    fetch(`${baseUrl()}${path}`, { ...init, headers: { authorization: `Bearer ${token}`, ...init.headers } });

  return {
    /** A user made from outside any browser. */
    user: async (name: string): Promise<ApiUser> => {
      const email = emailFor(name);
      const response = await fetch(`${baseUrl()}/api/auth/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name, email, password: PASSWORD }),
      });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { token: string; user: { _id: string } };
      return { name, email, token: body.token, id: body.user._id };
    },

    /** Signs this page's context up: the session cookie lands in the browser, the token signs API calls. */
    signIn: async (page: Page, name: string): Promise<ApiUser> => {
      const email = emailFor(name);
      const response = await page.request.post('/api/auth/signup', { data: { name, email, password: PASSWORD } });
      expect(response.status()).toBe(201);
      const body = (await response.json()) as { token: string; user: { _id: string } };
      return { name, email, token: body.token, id: body.user._id };
    },

    /** An auction with a real photo, starting now unless told otherwise. */
    createAuction: async (token: string, fields: AuctionFields): Promise<ApiAuction> => {
      const now = Date.now();
      const startsAt = now + (fields.startsInMs ?? 0);
      const endsAt = fields.endsInMs === undefined ? startsAt + (fields.days ?? 5) * DAY_MS : now + fields.endsInMs;
      const form = new FormData();
      form.set('itemName', fields.name);
      form.set('itemDescription', fields.description ?? `${fields.name}, in good condition. Collected in person or shipped insured.`);
      form.set('itemCategory', fields.category);
      form.set('startingPrice', String(fields.price));
      form.set('itemStartDate', new Date(startsAt).toISOString());
      form.set('itemEndDate', new Date(endsAt).toISOString());
      for (const [index, hue] of [fields.hue ?? 210, ...(fields.moreHues ?? [])].entries()) {
        form.append('itemPhoto', new Blob([new Uint8Array(await photo(hue))], { type: 'image/png' }), `photo-${index + 1}.png`);
      }
      for (const [name, value] of Object.entries(fields.listing ?? {})) form.set(name, String(value));
      const response = await call('/api/auction', token, { method: 'POST', body: form });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { newAuction: { _id: string } };
      return { id: body.newAuction._id, name: fields.name, category: fields.category, startsAt: new Date(startsAt).toISOString() };
    },

    /** A bid that must be accepted: an amount, or an amount with a maximum. */
    bid: async (token: string, auctionId: string, bid: number | { bidAmount: number; maxBid?: number }): Promise<BidAnswer> => {
      const response = await call(`/api/auction/${auctionId}`, token, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(typeof bid === 'number' ? { bidAmount: bid } : bid),
      });
      expect(response.status).toBe(201);
      return (await response.json()) as BidAnswer;
    },

    /** Puts an auction on the user's watchlist. */
    watch: async (token: string, auctionId: string): Promise<void> => {
      const response = await call(`/api/user/watchlist/${auctionId}`, token, { method: 'PUT' });
      expect(response.status).toBe(200);
    },

    /** Buys an auction at its Buy It Now price; the order is made at once. Answers the order's id. */
    buyNow: async (token: string, auctionId: string): Promise<{ orderId: string }> => {
      const response = await call(`/api/auction/${auctionId}/buy`, token, { method: 'POST' });
      expect(response.status).toBe(201);
      const body = (await response.json()) as { order: { _id: string } };
      return { orderId: body.order._id };
    },

    auction: async (token: string, auctionId: string): Promise<AuctionAnswer> => {
      const response = await call(`/api/auction/${auctionId}`, token);
      expect(response.status).toBe(200);
      return (await response.json()) as AuctionAnswer;
    },
  };
}
