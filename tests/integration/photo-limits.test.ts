// Photos that cannot stop the server: each attack below once held its cores, its memory or a
// connection, and each test makes a bounded version of it on 127.0.0.1 with real images made by sharp.
//   - a few kilobytes claiming tens of megapixels cost seconds of CPU each: refused from the header;
//   - many decodes at once held both cores and gigabytes: decodes run one at a time, behind a short line;
//   - one account could take the whole line: a few uploads in progress per account;
//   - a refused upload left its body unread, and the next request on its connection waited 30 s (408).
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import {
  DECODE_CONCURRENCY,
  DECODE_QUEUE_MAX,
  PHOTOS_BUSY,
  TOO_MANY_UPLOADS,
  UPLOADS_PER_ACCOUNT,
} from '../../src/server/services/photo-work';
import { DISCARDED_BODY_MAX } from '../../src/server/plugins/body';
import { PHOTOS_MAX, TOO_MANY_PHOTOS } from '../../src/shared/listing';
import {
  ONE_AVATAR_PHOTO,
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_TOO_LARGE,
  PHOTO_TOO_MANY_PIXELS,
  UPLOAD_TOO_LARGE,
} from '../../src/shared/photos';
import { failure, signedInUser } from '../support/accounts';
import { auctionForm, fileOf, image, pngClaiming, pngOfSize, spooled, storedName, uploads } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { expectErrorBody, get, postForm, sessionCookieHeader } from '../support/http';
import { multipartBody, rawConnection } from '../support/raw-http';

/** Holds the decode queue's only place until `release` is called: uploads then wait in line (or are refused). */
function holdDecoding(deps: TestDeps): { release: () => Promise<void> } {
  let open!: () => void;
  const held = deps.photos.decoding.run(() => new Promise<void>((resolve) => (open = resolve)));
  return {
    async release() {
      open();
      await held;
    },
  };
}

/** The status, message and Retry-After of a fetch answer from either door. */
async function read(res: Response) {
  const body = (await res.json()) as { error?: string | { message: string } };
  const message = typeof body.error === 'string' ? body.error : body.error?.message;
  return { status: res.status, message, retryAfter: res.headers.get('retry-after') };
}

describe('the pixel limit', () => {
  test(`an image of just over ${PHOTO_MAX_PIXELS / 1e6} megapixels is 413 from its header, before any decode; one of exactly that many is stored`, async ({
    app,
    deps,
  }) => {
    const { token, caller } = await signedInUser(deps);
    // 5,001 × 5,000 in its header, 69 bytes on disk: decoded, it would fail (415); refused first, it is 413.
    const justOver = await pngClaiming(5_001, 5_000);
    expect(justOver.length).toBeLessThan(100);
    const refused = await postForm(app, '/api/auction', await auctionForm(deps.now(), { itemPhoto: fileOf(justOver, 'over.png') }), {
      cookie: token,
    });
    expect(refused.statusCode).toBe(413);
    expect(expectErrorBody(refused).error).toBe(PHOTO_TOO_MANY_PIXELS);
    expect(PHOTO_TOO_MANY_PIXELS).toContain('25 megapixels');
    const trpc = await failure(caller.auction.create(await auctionForm(deps.now(), { itemPhoto: fileOf(justOver, 'over.png') })));
    expect(trpc).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: PHOTO_TOO_MANY_PIXELS });
    expect(deps.photos.decoding.stats().started).toBe(0);
    expect(uploads(deps)).toEqual([]);

    // 5,000 × 5,000 of one colour: 25,000,000 pixels in a third of a megabyte.
    const atLimit = await sharp({ create: { width: 5_000, height: 5_000, channels: 3, background: '#357' } })
      .png()
      .toBuffer();
    expect(atLimit.length).toBeLessThan(PHOTO_MAX_BYTES / 10);
    const stored = await postForm(app, '/api/auction', await auctionForm(deps.now(), { itemPhoto: fileOf(atLimit, 'limit.png') }), {
      cookie: token,
    });
    expect(stored.statusCode).toBe(201);
    const served = await get(app, new URL(stored.json().newAuction.itemPhoto as string).pathname);
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format: 'png', width: 5_000, height: 5_000 });
    expect(deps.photos.decoding.stats().started).toBe(1);
  });
});

describe('decoding', () => {
  test(`runs ${DECODE_CONCURRENCY} at a time with ${DECODE_QUEUE_MAX} in line; the rest are 503 with Retry-After, and nothing of them is kept`, async ({
    app,
    deps,
  }) => {
    const sellers = await Promise.all(Array.from({ length: 7 }, (_, i) => signedInUser(deps, `Seller ${i}`)));
    const decoding = holdDecoding(deps);
    const png = await image('png');
    // 14 uploads at once, two per seller (each seller's most): 10 wait in line, 4 are turned away.
    const sent = sellers.flatMap((seller) =>
      [1, 2].map(async () =>
        postForm(app, '/api/auction', await auctionForm(deps.now(), { itemPhoto: fileOf(png, 'photo.png') }), { cookie: seller.token }),
      ),
    );
    const total = sent.length;
    await expect.poll(() => deps.photos.decoding.stats(), { timeout: 10_000 }).toMatchObject({ waiting: DECODE_QUEUE_MAX });
    await expect.poll(() => deps.photos.decoding.stats().refused, { timeout: 10_000 }).toBe(total - DECODE_QUEUE_MAX);
    // Refused at once, while the line still waits; nothing written yet.
    expect(uploads(deps)).toEqual([]);

    await decoding.release();
    const answers = await Promise.all(sent);
    const busy = answers.filter((res) => res.statusCode === 503);
    expect(busy).toHaveLength(total - DECODE_QUEUE_MAX);
    for (const res of busy) {
      expect(expectErrorBody(res).error).toBe(PHOTOS_BUSY);
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    const created = answers.filter((res) => res.statusCode === 201);
    expect(created).toHaveLength(DECODE_QUEUE_MAX);
    // Only the accepted photos are on disk, each with its card.
    const kept = created.flatMap((res) => {
      const { itemPhoto, itemPhotoCard } = res.json().newAuction as { itemPhoto: string; itemPhotoCard: string };
      return [storedName(itemPhoto), storedName(itemPhotoCard)];
    });
    expect(uploads(deps)).toEqual(kept.sort());
    const stats = deps.photos.decoding.stats();
    expect(stats.peakRunning).toBe(DECODE_CONCURRENCY);
    expect(stats).toMatchObject({ running: 0, waiting: 0, started: 1 + DECODE_QUEUE_MAX });
  });

  test('/healthz answers while photos are being decoded', async ({ listening }) => {
    const { deps, baseUrl } = listening;
    const sellers = await Promise.all(Array.from({ length: 3 }, (_, i) => signedInUser(deps, `Seller ${i}`)));
    // 12 megapixels of one colour: a large photo's work (about half a second each here), one after another.
    const photo = await sharp({ create: { width: 4_000, height: 3_000, channels: 3, background: '#a63' } })
      .jpeg()
      .toBuffer();
    const sent = sellers.flatMap((seller) =>
      [1, 2].map(async () =>
        fetch(`${baseUrl}/api/auction`, {
          method: 'POST',
          headers: { cookie: sessionCookieHeader(seller.token) },
          body: await auctionForm(deps.now(), { itemPhoto: fileOf(photo, 'big.jpg') }),
        }),
      ),
    );
    let uploading = true;
    const all = Promise.all(sent).finally(() => (uploading = false));
    const whileDecoding: number[] = [];
    while (uploading) {
      const decodingBefore = deps.photos.decoding.stats().running > 0;
      const started = performance.now();
      const health = await fetch(`${baseUrl}/healthz`);
      const ms = performance.now() - started;
      expect(health.status).toBe(200);
      if (decodingBefore && deps.photos.decoding.stats().running > 0) whileDecoding.push(ms);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answers = await all;
    expect(answers.map((res) => res.status)).toEqual(Array(sent.length).fill(201));
    // Decodes never overlapped, and /healthz was answered during them: a decode runs beside the event
    // loop, not on it. The bound is a backstop for a busy machine, far above the 778 ms once measured.
    expect(deps.photos.decoding.stats().peakRunning).toBe(DECODE_CONCURRENCY);
    expect(whileDecoding.length).toBeGreaterThan(0);
    expect(Math.max(...whileDecoding)).toBeLessThan(2_000);
  });
});

describe('uploads per account', () => {
  test(`at most ${UPLOADS_PER_ACCOUNT} in progress at once, over both doors and every kind of upload; never limited over time`, async ({
    listening,
  }) => {
    const { deps, baseUrl } = listening;
    const ann = await signedInUser(deps, 'Ann Uploader');
    const bob = await signedInUser(deps, 'Bob Uploader');
    const png = await image('png');
    const upload = async (who: { token: string }, url: string, method = 'POST') => {
      const body = url.includes('avatar')
        ? (() => {
            const form = new FormData();
            form.append('avatar', fileOf(png, 'me.png'));
            return form;
          })()
        : await auctionForm(deps.now(), { itemPhoto: fileOf(png, 'photo.png') });
      return fetch(baseUrl + url, { method, headers: { cookie: sessionCookieHeader(who.token) }, body });
    };

    const decoding = holdDecoding(deps);
    const inProgress = [upload(ann, '/api/auction'), upload(ann, '/trpc/auction.create')];
    await expect.poll(() => deps.photos.decoding.stats().waiting, { timeout: 10_000 }).toBe(UPLOADS_PER_ACCOUNT);

    // One more of Ann's, whichever door and whatever it uploads: 429, with a sentence and Retry-After.
    for (const [url, method] of [
      ['/api/auction', 'POST'],
      ['/trpc/auction.create', 'POST'],
      ['/api/user/avatar', 'PUT'],
      ['/trpc/user.setAvatar', 'POST'],
    ] as const) {
      const refused = await read(await upload(ann, url, method));
      expect(refused, url).toMatchObject({ status: 429, message: TOO_MANY_UPLOADS });
      expect(Number(refused.retryAfter), url).toBeGreaterThan(0);
    }
    // Someone else's upload takes its place in line meanwhile.
    const bobs = upload(bob, '/api/auction');
    await expect.poll(() => deps.photos.decoding.stats().waiting, { timeout: 10_000 }).toBe(UPLOADS_PER_ACCOUNT + 1);

    await decoding.release();
    expect((await Promise.all([...inProgress, bobs])).map((res) => res.status)).toEqual([201, 200, 201]);
    // Her places are free again as soon as her uploads are answered: no hourly allowance to wait out.
    for (let i = 0; i < 3; i += 1) expect((await upload(ann, '/api/auction')).status).toBe(201);
  });
});

describe('a refused upload leaves its connection ready for the next request', () => {
  const photo = async (size: number) => fileOf(await pngOfSize(size), 'photo.png', 'image/png');
  /** The create form with `count` photos of `size` bytes; `last`, if given, in place of the last one. */
  async function photosForm(now: number, count: number, size: number, last?: File) {
    const form = await auctionForm(now, { itemPhoto: undefined });
    for (let i = 1; i < count; i += 1) form.append('itemPhoto', await photo(size));
    form.append('itemPhoto', last ?? (await photo(size)));
    return form;
  }
  function avatarForm(...files: File[]) {
    const form = new FormData();
    for (const file of files) form.append('avatar', file);
    return form;
  }
  /** The form with `count` fields of its own before its entries: the fields past the limit come before the photo. */
  function fieldsFirst(count: number, form: FormData) {
    const extended = new FormData();
    for (let i = 0; i < count; i += 1) extended.append(`note${i}`, 'x');
    for (const [name, value] of form.entries()) extended.append(name, value);
    return extended;
  }
  const ninth = { status: 400, message: TOO_MANY_PHOTOS, issues: [{ path: 'itemPhoto', message: TOO_MANY_PHOTOS }] };
  const tooLarge = (message: string) => ({ status: 413, message });

  test.for([
    [`${PHOTOS_MAX + 1} photos through REST`, 'POST', '/api/auction', (now: number) => photosForm(now, PHOTOS_MAX + 1, 1_000_000), ninth],
    [
      'a photo over 5 MB through REST',
      'POST',
      '/api/auction',
      async (now: number) => auctionForm(now, { itemPhoto: await photo(PHOTO_MAX_BYTES + 1) }),
      tooLarge(PHOTO_TOO_LARGE),
    ],
    [
      'a 3rd photo over 5 MB, after two of 5 MB, through REST',
      'POST',
      '/api/auction',
      async (now: number) => photosForm(now, 3, PHOTO_MAX_BYTES, await photo(PHOTO_MAX_BYTES + 1)),
      tooLarge(PHOTO_TOO_LARGE),
    ],
    [
      `${PHOTOS_MAX + 1} photos through tRPC`,
      'POST',
      '/trpc/auction.create',
      (now: number) => photosForm(now, PHOTOS_MAX + 1, 1_000_000),
      ninth,
    ],
    [
      'a photo of 7 MB through tRPC, not read past 5 MB',
      'POST',
      '/trpc/auction.create',
      async (now: number) => auctionForm(now, { itemPhoto: await photo(7_000_000) }),
      tooLarge(PHOTO_TOO_LARGE),
    ],
    [
      'a text field of 7 MB through tRPC',
      'POST',
      '/trpc/auction.create',
      async (now: number) => auctionForm(now, { itemDescription: 'x'.repeat(7_000_000) }),
      tooLarge(UPLOAD_TOO_LARGE),
    ],
    [
      'a form to a call that takes none, through tRPC',
      'POST',
      '/trpc/auction.placeBid',
      async (now: number) => auctionForm(now, { bidAmount: '20' }),
      { status: 415, message: 'Content-Type must be application/json.' },
    ],
    [
      'two avatar photos through REST',
      'PUT',
      '/api/user/avatar',
      async () => avatarForm(await photo(1_000_000), await photo(1_000_000)),
      tooLarge(ONE_AVATAR_PHOTO),
    ],
    [
      'two avatar photos through tRPC',
      'POST',
      '/trpc/user.setAvatar',
      async () => avatarForm(await photo(1_000_000), await photo(1_000_000)),
      tooLarge(ONE_AVATAR_PHOTO),
    ],
    [
      'an avatar over 5 MB through tRPC',
      'POST',
      '/trpc/user.setAvatar',
      async () => avatarForm(await photo(PHOTO_MAX_BYTES + 1)),
      tooLarge(PHOTO_TOO_LARGE),
    ],
    [
      '21 fields before the photo through REST',
      'POST',
      '/api/auction',
      async (now: number) => fieldsFirst(15, await auctionForm(now)),
      tooLarge('Too many form fields: at most 20 are read.'),
    ],
    [
      'six fields before the avatar photo through REST',
      'PUT',
      '/api/user/avatar',
      async () => fieldsFirst(6, avatarForm(await photo(1_000_000))),
      tooLarge('Too many form fields: at most 5 are read.'),
    ],
  ] as const)(
    '%s: refused with a sentence, then the next request on the connection is answered at once',
    async ([, method, path, makeForm, expected], { listening }) => {
      const { deps, port } = listening;
      const { token } = await signedInUser(deps);
      const { type, body } = await multipartBody(await makeForm(deps.now()));
      const connection = await rawConnection(port);
      try {
        connection.send(
          [
            `${method} ${path} HTTP/1.1`,
            'Host: 127.0.0.1',
            `Cookie: ${sessionCookieHeader(token)}`,
            `Content-Type: ${type}`,
            `Content-Length: ${body.length}`,
          ],
          body,
        );
        connection.send(['GET /healthz HTTP/1.1', 'Host: 127.0.0.1']);
        const refused = await connection.answer(10_000);
        const answer = JSON.parse(refused.body) as { error: string | { message: string; data: { issues: unknown } }; issues?: unknown };
        const [message, issues] =
          typeof answer.error === 'string' ? [answer.error, answer.issues] : [answer.error.message, answer.error.data.issues];
        expect({ status: refused.status, message, ...(issues ? { issues } : {}) }).toEqual(expected);
        expect(refused.headers.connection).not.toBe('close');
        // The server waits 30 s for a request before it answers 408: well within that, the next one is served.
        const health = await connection.answer(5_000);
        expect(health).toMatchObject({ status: 200, body: '{"status":"ok"}' });
      } finally {
        connection.destroy();
      }
      expect(uploads(deps)).toEqual([]);
      expect(spooled(deps)).toEqual([]);
    },
  );

  test('a body too long to throw away is answered, then its connection closes', async ({ listening }) => {
    const { deps, port } = listening;
    const { token } = await signedInUser(deps);
    const { type, body } = await multipartBody(
      await auctionForm(deps.now(), { itemPhoto: fileOf(Buffer.alloc(DISCARDED_BODY_MAX + 1_000_000, 1), 'huge.png') }),
    );
    const connection = await rawConnection(port);
    try {
      connection.send(
        [
          'POST /api/auction HTTP/1.1',
          'Host: 127.0.0.1',
          `Cookie: ${sessionCookieHeader(token)}`,
          `Content-Type: ${type}`,
          `Content-Length: ${body.length}`,
        ],
        // The start of it: the server refuses the photo at 5 MiB, and is not sent the rest to read.
        body.subarray(0, 8_000_000),
      );
      const refused = await connection.answer(10_000);
      expect(refused.status).toBe(413);
      expect(refused.headers.connection).toBe('close');
      expect(await connection.closedWithin(5_000)).toBe(true);
    } finally {
      connection.destroy();
    }
    expect(uploads(deps)).toEqual([]);
    expect(spooled(deps)).toEqual([]);
  });
});
