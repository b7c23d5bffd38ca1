// Helpers for the auction suites: real images made with sharp, create forms, auctions inserted
// directly (for list and stats tests that need many), and users with sessions without scrypt per user.
import { readdirSync } from 'node:fs';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { Category } from '../../src/shared/constants';
import { DAY_MS } from '../../src/shared/constants';
import { auctions } from '../../src/server/db/schema';
import type { AppDeps } from '../../src/server/deps';
import { createSession, findSessionUser } from '../../src/server/services/sessions';
import { createInnerContext } from '../../src/server/trpc/context';
import { createCaller } from '../../src/server/trpc/router';
import { insertUser } from './accounts-helpers';

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

/** A valid PNG of exactly `size` bytes: a private ancillary chunk (which decoders skip) pads it. */
export async function pngOfSize(size: number): Promise<Buffer> {
  const png = await image('png');
  const iendAt = png.length - 12;
  const dataLength = size - png.length - 12;
  const chunk = Buffer.alloc(12 + dataLength, 0x41);
  chunk.writeUInt32BE(dataLength, 0);
  chunk.write('prVt', 4, 'latin1');
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + dataLength)), 8 + dataLength);
  const padded = Buffer.concat([png.subarray(0, iendAt), chunk, png.subarray(iendAt)]);
  if (padded.length !== size) throw new Error(`padded PNG is ${padded.length} bytes, wanted ${size}`);
  return padded;
}

export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script><rect width="10" height="10"/></svg>');
export const TEXT = Buffer.from('just some text, not an image at all\n');
/** Starts with the PNG signature, then HTML. */
export const FAKE_PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('<html><script>alert(1)</script></html>')]);

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

/** An auction row straight into the database (no photo), open from now for a week unless told. */
export function insertAuction(
  deps: AppDeps,
  sellerId: number,
  fields: { itemName?: string; category?: Category; startingPrice?: number; startsAt?: number; endsAt?: number } = {},
): string {
  const now = deps.now();
  const row = deps.db
    .insert(auctions)
    .values({
      sellerId,
      itemName: fields.itemName ?? 'Inserted item',
      itemDescription: 'Inserted for a test',
      itemCategory: fields.category ?? 'Other',
      startingPrice: fields.startingPrice ?? 10,
      currentPrice: fields.startingPrice ?? 10,
      photo: null,
      startsAt: new Date(fields.startsAt ?? now),
      endsAt: new Date(fields.endsAt ?? now + 7 * DAY_MS),
      createdAt: new Date(now),
    })
    .returning({ id: auctions.id })
    .get();
  return String(row.id);
}

/** A user row and a session token for it, without sign-up (one scrypt hash shared by all). */
export async function userWithSession(deps: AppDeps, name: string) {
  const user = await insertUser(deps, { name });
  const { token } = createSession(deps.db, user.id, deps.now());
  return { id: user.id, _id: String(user.id), name, token };
}

/** Like signedUpCaller (same shape), but the user is inserted with the shared hash: no scrypt per user. */
export async function quickCaller(deps: AppDeps, name: string) {
  const row = await insertUser(deps, { name });
  const { token } = createSession(deps.db, row.id, deps.now());
  const sessionUser = findSessionUser(deps.db, token, deps.now())!;
  return {
    user: { _id: String(row.id), name: row.name, email: row.email, avatar: row.avatar, role: row.role },
    token,
    email: row.email,
    caller: createCaller(createInnerContext(deps, { user: sessionUser })),
  };
}
