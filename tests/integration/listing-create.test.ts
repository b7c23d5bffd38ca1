// Creating a listing that says enough, through every door: the tRPC caller handed FormData, tRPC over
// HTTP (multipart, read part by part to disk) and POST /api/auction (multipart). Up to eight photos in
// the order sent, the condition, shipping, location, reserve and Buy It Now price; each refusal a 400
// with its issue at the field, and a refused create leaves nothing behind: no photo, no row, no file
// of its upload.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import type { Issue } from '../../src/server/domain/errors';
import { describeError } from '../../src/server/trpc/errors';
import type { Auction } from '../../src/server/wire';
import { BUY_NOW_WORDS, PHOTOS_MAX, RESERVE_WORDS, TOO_MANY_PHOTOS } from '../../src/shared/listing';
import { PHOTO_MAX_BYTES, PHOTO_TOO_LARGE, PHOTO_WRONG_TYPE } from '../../src/shared/photos';
import { signedInUser } from '../support/accounts';
import {
  FAKE_PNG,
  PHOTO_EXTRAS,
  TEXT,
  animatedGif,
  auctionForm,
  fileOf,
  image,
  jpegWithExif,
  pngOfSize,
  pngWithTextAndTrailer,
  spooled,
  storedName,
  uploads,
  type FormValues,
} from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { get, postForm } from '../support/http';
import { rowsIn } from '../support/sql';

type Door = 'tRPC caller' | 'tRPC over HTTP' | 'REST';
const DOORS: Door[] = ['tRPC caller', 'tRPC over HTTP', 'REST'];

interface Answer {
  status: number;
  auction?: Auction;
  message?: string;
  issues?: Issue[] | null;
}

type Seller = Awaited<ReturnType<typeof signedInUser>>;

/** The create through one door, read back as status, auction or refusal. */
async function create(door: Door, app: FastifyInstance, seller: Seller, form: FormData): Promise<Answer> {
  if (door === 'tRPC caller') {
    try {
      return { status: 200, auction: (await seller.caller.auction.create(form)).newAuction };
    } catch (error) {
      if (!(error instanceof TRPCError)) throw error;
      return { status: getHTTPStatusCodeFromError(error), ...describeError(error) };
    }
  }
  const res = await postForm(app, door === 'REST' ? '/api/auction' : '/trpc/auction.create', form, { cookie: seller.token });
  const body = res.json();
  if (door === 'REST') return res.statusCode === 201 ? { status: 201, auction: body.newAuction } : { status: res.statusCode, ...body };
  return res.statusCode === 200
    ? { status: 200, auction: body.result.data.newAuction }
    : { status: res.statusCode, message: body.error.message, issues: body.error.data.issues };
}

/** The form with `photos` as its photos, in that order (the first as itemPhoto, as every one is). */
async function withPhotos(now: number, photos: File[], overrides: FormValues = {}): Promise<FormData> {
  const form = await auctionForm(now, { itemPhoto: undefined, ...overrides });
  for (const photo of photos) form.append('itemPhoto', photo);
  return form;
}

const png = async () => fileOf(await image('png'), 'photo.png', 'image/png');

/** Nothing of a refused create anywhere: no photo stored, no row, no file of its upload left on disk. */
async function expectNothingLeft(deps: TestDeps) {
  expect(uploads(deps)).toEqual([]);
  expect(spooled(deps)).toEqual([]);
  expect(await rowsIn(deps, 'auctions')).toBe(0);
}

describe('a listing with everything it may say', () => {
  test.for(DOORS)('through %s: the values answered back, the photos in the order sent, re-encoded', async (door, { app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const photos = [
      fileOf(await jpegWithExif(), 'holiday.jpg', 'image/jpeg'),
      fileOf(await image('png'), 'lamp.png', 'image/png'),
      fileOf(await animatedGif(), 'spinner.gif', 'image/gif'),
      fileOf(await pngWithTextAndTrailer(), 'pixel.png', 'image/png'),
    ];
    const form = await withPhotos(deps.now(), photos.slice(0, 2), {
      startingPrice: '10',
      itemCondition: 'like_new',
      shippingCost: '15',
      itemLocation: 'Lyon, France',
      reservePrice: '50',
      buyNowPrice: '80',
    });
    // Further files may come as itemPhotos: they follow the itemPhoto ones.
    for (const photo of photos.slice(2)) form.append('itemPhotos', photo);

    const answer = await create(door, app, seller, form);
    expect(answer.status, JSON.stringify(answer)).toBe(door === 'REST' ? 201 : 200);
    const auction = answer.auction!;
    expect(auction).toMatchObject({
      itemCondition: 'like_new',
      shippingCost: 15,
      itemLocation: 'Lyon, France',
      startingPrice: 10,
      currentPrice: 10,
      reservePrice: 50,
      reserveMet: false,
      buyNowPrice: 80,
      buyNowAvailable: true,
      relistedFrom: null,
    });
    expect(auction.photos).toHaveLength(4);
    expect(auction.photoCards).toHaveLength(4);
    expect(auction.photos[0]).toBe(auction.itemPhoto);
    expect(auction.photoCards[0]).toBe(auction.itemPhotoCard);

    // In the order sent: each served photo is the picture sent at that place, re-encoded in its format.
    const served = await Promise.all(auction.photos.map(async (url) => (await get(app, new URL(url).pathname)).rawPayload));
    const metas = await Promise.all(served.map((bytes) => sharp(bytes, { animated: true }).metadata()));
    expect(metas.map(({ format, width, pageHeight, height, pages }) => [format, width, pageHeight ?? height, pages ?? 1])).toEqual([
      ['jpeg', 32, 48, 1],
      ['png', 48, 32, 1],
      ['gif', 20, 10, 3],
      ['png', 1, 1, 1],
    ]);
    for (const [index, bytes] of served.entries()) {
      const text = bytes.toString('latin1');
      for (const marker of [PHOTO_EXTRAS.author, PHOTO_EXTRAS.gpsDatum, PHOTO_EXTRAS.note, PHOTO_EXTRAS.trailer, 'Exif', 'tEXt'])
        expect(text, `photo ${index}`).not.toContain(marker);
      expect(metas[index]!.exif, `photo ${index}`).toBeUndefined();
    }
    for (const url of auction.photoCards)
      expect((await sharp((await get(app, new URL(url).pathname)).rawPayload).metadata()).format).toBe('webp');
    // Each photo and its card, nothing else; the upload's own files are gone.
    expect(uploads(deps)).toEqual([...auction.photos, ...auction.photoCards].map(storedName).sort());
    expect(spooled(deps)).toEqual([]);

    // The reserve's number is the seller's alone; everyone sees whether it is met.
    const buyer = await signedInUser(deps, 'Bob Buyer');
    const seen = await buyer.caller.auction.byId({ id: auction._id });
    expect(seen).toMatchObject({ reserveMet: false, buyNowPrice: 80, itemCondition: 'like_new', photos: auction.photos });
    expect(seen).not.toHaveProperty('reservePrice');
    const overRest = await get(app, `/api/auction/${auction._id}`, { cookie: buyer.token });
    expect(overRest.body).not.toContain('reservePrice');
    expect(overRest.json()).toMatchObject({ reserveMet: false, shippingCost: 15, itemLocation: 'Lyon, France' });
  });

  test.for(DOORS)('through %s: eight photos are accepted; left out, the new fields are null', async (door, { app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const sizes = Array.from({ length: PHOTOS_MAX }, (_, i) => 10 + i);
    const photos = await Promise.all(
      sizes.map(async (width) =>
        fileOf(
          await sharp({ create: { width, height: 10, channels: 3, background: '#468' } })
            .png()
            .toBuffer(),
          `p${width}.png`,
        ),
      ),
    );
    const answer = await create(door, app, seller, await withPhotos(deps.now(), photos));
    const auction = answer.auction!;
    expect(auction).toMatchObject({
      itemCondition: null,
      shippingCost: null,
      itemLocation: null,
      reservePrice: null,
      reserveMet: null,
      buyNowPrice: null,
      buyNowAvailable: false,
    });
    const widths = await Promise.all(
      auction.photos.map(async (url) => (await sharp((await get(app, new URL(url).pathname)).rawPayload).metadata()).width),
    );
    expect(widths).toEqual(sizes);
  });
});

describe('refused with a 400 and its issue at the field', () => {
  const over = 'x'.repeat(81);
  const cases: Array<[label: string, overrides: FormValues, path: string, message: string]> = [
    ['a reserve at the start', { reservePrice: '10' }, 'reservePrice', RESERVE_WORDS.aboveStart],
    ['a reserve below the start', { reservePrice: '9' }, 'reservePrice', RESERVE_WORDS.aboveStart],
    ['Buy It Now below the reserve', { reservePrice: '50', buyNowPrice: '49' }, 'buyNowPrice', BUY_NOW_WORDS.notBelowReserve],
    ['Buy It Now at the start', { buyNowPrice: '10' }, 'buyNowPrice', BUY_NOW_WORDS.aboveStart],
    ['Buy It Now below the start', { buyNowPrice: '3' }, 'buyNowPrice', BUY_NOW_WORDS.aboveStart],
    ['a fraction of a starting price', { startingPrice: '12.5' }, 'startingPrice', 'Starting price must be a whole number of dollars'],
    ['a fraction of a reserve', { reservePrice: '12.5' }, 'reservePrice', 'Reserve price must be a whole number of dollars'],
    ['a fraction of a Buy It Now price', { buyNowPrice: '12.5' }, 'buyNowPrice', 'Buy It Now price must be a whole number of dollars'],
    ['a fraction of a shipping cost', { shippingCost: '12.5' }, 'shippingCost', 'Shipping cost must be a whole number of dollars'],
    ['shipping over $10,000', { shippingCost: '10001' }, 'shippingCost', 'Shipping cost must be at most $10,000'],
    ['an unknown condition', { itemCondition: 'mint' }, 'itemCondition', 'Condition must be one of new, like_new, good, fair, for_parts'],
    ['a location of 81 characters', { itemLocation: over }, 'itemLocation', 'Location must be at most 80 characters'],
  ];

  test.for(DOORS.flatMap((door) => cases.map((c) => [door, ...c] as const)))(
    'through %s: %s, after two good photos',
    async ([door, , overrides, path, message], { app, deps }) => {
      const seller = await signedInUser(deps, 'Sally Seller');
      const answer = await create(door, app, seller, await withPhotos(deps.now(), [await png(), await png()], overrides));
      expect(answer).toMatchObject({ status: 400, message, issues: [{ path, message }] });
      await expectNothingLeft(deps);
      // Refused by its fields before any photo was looked at.
      expect(deps.photos.decoding.stats().started).toBe(0);
    },
  );

  test.for(DOORS)('through %s: a 9th photo, as itemPhoto or itemPhotos', async (door, { app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const nine = await Promise.all(Array.from({ length: PHOTOS_MAX + 1 }, png));
    for (const form of [
      await withPhotos(deps.now(), nine),
      await (async () => {
        const eight = await withPhotos(deps.now(), nine.slice(0, PHOTOS_MAX));
        eight.append('itemPhotos', nine[PHOTOS_MAX]!);
        return eight;
      })(),
    ]) {
      const answer = await create(door, app, seller, form);
      expect(answer).toMatchObject({ status: 400, message: TOO_MANY_PHOTOS, issues: [{ path: 'itemPhoto', message: TOO_MANY_PHOTOS }] });
    }
    await expectNothingLeft(deps);
    expect(deps.photos.decoding.stats().started).toBe(0);
  });
});

describe('a refused photo refuses the whole create, and nothing of it stays', () => {
  test.for(DOORS)('through %s: text named .jpg as the 5th photo is 415 before any photo is decoded', async (door, { app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const photos = [await png(), await png(), await png(), await png(), fileOf(TEXT, 'notes.jpg', 'image/jpeg'), await png()];
    const answer = await create(door, app, seller, await withPhotos(deps.now(), photos));
    expect(answer).toMatchObject({ status: 415, message: PHOTO_WRONG_TYPE });
    await expectNothingLeft(deps);
    expect(deps.photos.decoding.stats().started).toBe(0);
  });

  test.for(DOORS)('through %s: a 3rd photo over 5 MB is 413', async (door, { app, deps }) => {
    const seller = await signedInUser(deps, 'Sally Seller');
    const photos = [await png(), await png(), fileOf(await pngOfSize(PHOTO_MAX_BYTES + 1), 'big.png', 'image/png'), await png()];
    const answer = await create(door, app, seller, await withPhotos(deps.now(), photos));
    expect(answer).toMatchObject({ status: 413, message: PHOTO_TOO_LARGE });
    await expectNothingLeft(deps);
    expect(deps.photos.decoding.stats().started).toBe(0);
  });

  test.for(DOORS)(
    'through %s: a 5th photo that only starts like a PNG is 415 when its turn comes; the four stored before it are removed',
    async (door, { app, deps }) => {
      const seller = await signedInUser(deps, 'Sally Seller');
      const photos = [await png(), await png(), await png(), await png(), fileOf(FAKE_PNG, 'fake.png', 'image/png')];
      const answer = await create(door, app, seller, await withPhotos(deps.now(), photos));
      expect(answer).toMatchObject({ status: 415, message: PHOTO_WRONG_TYPE });
      await expectNothingLeft(deps);
      // Four decoded and stored (and removed again); the fifth refused from its header, never decoded.
      expect(deps.photos.decoding.stats().started).toBe(4);
    },
  );
});
