// Auctions for tests: real images made with sharp (and odd ones), the create form as the client sends
// it, the stored photos, and auctions inserted straight into the store (for lists and stats that need many).
import { existsSync, readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { DAY_MS, type Category } from '../../src/shared/constants';
import type { AppDeps } from '../../src/server/deps';
import type { TableAccess } from './sql';

export type ImageKind = 'png' | 'jpeg' | 'webp' | 'gif';

const cache = new Map<ImageKind, Promise<Buffer>>();

/** A small real image of that format. */
export function image(kind: ImageKind = 'png'): Promise<Buffer> {
  let made = cache.get(kind);
  if (!made) {
    const base = sharp({ create: { width: 48, height: 32, channels: 3, background: { r: 200, g: 40, b: 90 } } });
    made = base[kind]().toBuffer();
    cache.set(kind, made);
  }
  return made;
}

/** The PNG with one more chunk just before IEND; decoders skip ancillary chunks they do not need. */
export function withPngChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write(type, 4, 'latin1');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  const iendAt = png.length - 12;
  return Buffer.concat([png.subarray(0, iendAt), chunk, png.subarray(iendAt)]);
}

/** A PNG whose header claims `width` × `height` pixels over the data of one: tiny on disk, huge if decoded. */
export async function pngClaiming(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(
    await sharp({ create: { width: 1, height: 1, channels: 3, background: '#888' } })
      .png()
      .toBuffer(),
  );
  // IHDR starts at byte 8: length (4), "IHDR" (4), width (4), height (4), ..., CRC over type + data.
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

/** A valid PNG of exactly `size` bytes: a private ancillary chunk pads it. */
export async function pngOfSize(size: number): Promise<Buffer> {
  const png = await image('png');
  const padded = withPngChunk(png, 'prVt', Buffer.alloc(size - png.length - 12, 0x41));
  if (padded.length !== size) throw new Error(`padded PNG is ${padded.length} bytes, wanted ${size}`);
  return padded;
}

/** What the uploads below carry beyond their pixels: none of it may be stored or served. */
export const PHOTO_EXTRAS = {
  author: 'Jane Private',
  gpsDatum: 'WGS-84',
  note: 'secret note',
  trailer: '<html><script>alert(1)</script></html>',
};

/**
 * A 48×32 JPEG with its author and a GPS position in EXIF, and orientation 6: shown upright it is 32×48.
 */
export function jpegWithExif(): Promise<Buffer> {
  return sharp({ create: { width: 48, height: 32, channels: 3, background: '#c82' } })
    .jpeg()
    .withExif({
      IFD0: { Artist: PHOTO_EXTRAS.author },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
        GPSMapDatum: PHOTO_EXTRAS.gpsDatum,
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** A 1×1 PNG with a tEXt chunk inside and an HTML page appended after its end. */
export async function pngWithTextAndTrailer(): Promise<Buffer> {
  const png = await sharp({ create: { width: 1, height: 1, channels: 3, background: '#888' } })
    .png()
    .toBuffer();
  const text = withPngChunk(png, 'tEXt', Buffer.from(`Comment\0${PHOTO_EXTRAS.note}`, 'latin1'));
  return Buffer.concat([text, Buffer.from(PHOTO_EXTRAS.trailer)]);
}

/** A three-frame animated GIF, 20×10 per frame. */
export async function animatedGif(): Promise<Buffer> {
  const frames = await Promise.all(
    ['#f00', '#0f0', '#00f'].map((background) =>
      sharp({ create: { width: 20, height: 10, channels: 4, background } })
        .png()
        .toBuffer(),
    ),
  );
  return sharp(frames, { join: { animated: true } })
    .gif({ delay: [100, 100, 100], loop: 0 })
    .toBuffer();
}

/** The stored file's name from a photo URL (`<PUBLIC_URL>/uploads/<name>`). */
export function storedName(url: string): string {
  const { pathname } = new URL(url);
  if (!pathname.startsWith('/uploads/')) throw new Error(`not a stored photo's URL: ${url}`);
  return pathname.slice('/uploads/'.length);
}

export const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const TEXT = Buffer.from('just some text, not an image at all\n');
/** Starts with the PNG signature, then HTML. */
export const FAKE_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('<html><script>alert(1)</script></html>'),
]);

/** The clock's UTC day as a plain date, shifted by whole days. */
export function plainDate(now: number, days = 0): string {
  return new Date(now + days * DAY_MS).toISOString().slice(0, 10);
}

export type FormValues = Record<string, string | File | undefined>;

/** The create form, valid by default; pass undefined to leave a field out. */
export async function auctionForm(now: number, overrides: FormValues = {}): Promise<FormData> {
  const values: FormValues = {
    itemName: 'Brass desk lamp',
    itemDescription: 'A working brass desk lamp from the 1950s.',
    itemCategory: 'Home & Garden',
    startingPrice: '10',
    itemStartDate: plainDate(now),
    itemEndDate: plainDate(now, 7),
    itemPhoto: new File([new Uint8Array(await image('png'))], 'lamp.png', { type: 'image/png' }),
    ...overrides,
  };
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value);
  return form;
}

export function fileOf(bytes: Buffer, name: string, type = 'application/octet-stream'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

export function uploads(deps: AppDeps): string[] {
  return readdirSync(deps.settings.UPLOAD_DIR).sort();
}

/** The files of uploads being read or served right now, waiting on disk (none once every request has ended). */
export function spooled(deps: AppDeps): string[] {
  return existsSync(deps.photos.spoolDir) ? readdirSync(deps.photos.spoolDir).sort() : [];
}

type InsertedAuction = {
  itemName?: string;
  category?: Category;
  startingPrice?: number;
  reservePrice?: number;
  startsAt?: number;
  endsAt?: number;
};

/** An auction row straight into the database (no photo), open from now for a week unless told. */
export async function insertAuction(deps: AppDeps, sellerId: number, fields: InsertedAuction = {}): Promise<string> {
  const now = deps.now();
  const row = await deps.store.auctions.insert({
    sellerId,
    itemName: fields.itemName ?? 'Inserted item',
    itemDescription: 'Inserted for a test',
    itemCategory: fields.category ?? 'Other',
    startingPrice: fields.startingPrice ?? 10,
    reservePrice: fields.reservePrice ?? null,
    photo: null,
    startsAt: new Date(fields.startsAt ?? now),
    endsAt: new Date(fields.endsAt ?? now + 7 * DAY_MS),
    createdAt: new Date(now),
  });
  return String(row.id);
}

/**
 * An item collected in person, bought at once by `buyer` for $50 with a day to pay: its auction's id
 * and its order's, awaiting payment.
 */
export async function boughtOrder(
  deps: AppDeps,
  seller: { id: number },
  buyer: { id: number; name: string },
  itemName = 'Brass desk lamp',
): Promise<{ auctionId: string; orderId: string }> {
  const auctionId = await insertAuction(deps, seller.id, { itemName, startingPrice: 10 });
  const at = new Date(deps.now());
  const outcome = await deps.store.auctions.buyNow({ auctionId: Number(auctionId), buyer, paymentDueMs: DAY_MS }, () => ({
    at,
    price: 50,
    notices: [],
  }));
  if (outcome.kind !== 'bought') throw new Error('the order was not bought');
  return { auctionId, orderId: String(outcome.order.id) };
}

/**
 * Auctions inserted one after another, so that their ids rise in the order given: inserts sent at
 * once take their ids in whatever order they reach PostgreSQL. Equal times list in id order.
 */
export async function insertAuctionsInOrder(deps: AppDeps, sellerId: number, each: InsertedAuction[]): Promise<string[]> {
  const ids: string[] = [];
  for (const fields of each) ids.push(await insertAuction(deps, sellerId, fields));
  return ids;
}

/** A statement's rows 0, 1, 2 … $1 - 1 as `n(i)`: many rows in one insert, on either database. */
export const NUMBERS = 'with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < $1)';

/** What a lot says about itself when the test does not care: a description of ordinary length. */
const LOT_DESCRIPTION = 'A lot inserted for a test, with a description of ordinary length to make the answer realistic.';

/**
 * Many auctions in one statement, as the benchmark seeds them: 'Lot 0', 'Lot 1' … in the 'Other'
 * category, at $10, open from now for a week. Their ids, oldest first.
 */
export async function insertManyAuctions(
  deps: AppDeps & TableAccess,
  sellerId: number,
  count: number,
  description = LOT_DESCRIPTION,
): Promise<string[]> {
  const now = deps.now();
  const before = (await deps.sqlOne<{ id: number | null }>('select max(id) as id from auctions'))?.id ?? 0;
  await deps.sql(
    `${NUMBERS} insert into auctions
       (seller_id, item_name, item_description, item_category, starting_price, current_price, starts_at, ends_at, created_at)
     select $2, 'Lot ' || i, $3, 'Other', 10, 10, $4, $5, $4 from n`,
    [count, sellerId, description, new Date(now), new Date(now + 7 * DAY_MS)],
  );
  const rows = await deps.sql<{ id: number }>('select id from auctions where id > $1 order by id', [before]);
  return rows.map((row) => String(row.id));
}
