// Uploads of many photos, through both doors over real sockets: their files wait on disk while the
// request is served (a create with eight 5 MB photos does not hold 40 MB in memory), are removed when
// it ends, answered or abandoned halfway, and four such creates at once leave the server answering.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect } from 'vitest';
import { DECODE_CONCURRENCY, TOO_MANY_UPLOADS, UPLOADS_PER_ACCOUNT } from '../../src/server/services/photo-work';
import { PHOTOS_MAX } from '../../src/shared/listing';
import { signedInUser } from '../support/accounts';
import { auctionForm, fileOf, pngOfSize, spooled, storedName, uploads } from '../support/auctions';
import { test, type TestDeps } from '../support/fixtures';
import { sessionCookieHeader } from '../support/http';
import { multipartBody, rawConnection } from '../support/raw-http';

const DOORS = [
  ['REST', '/api/auction', 201],
  ['tRPC', '/trpc/auction.create', 200],
] as const;

/** The create form with these photos, in order. */
async function formWith(now: number, photos: File[]): Promise<FormData> {
  const form = await auctionForm(now, { itemPhoto: undefined });
  for (const photo of photos) form.append('itemPhoto', photo);
  return form;
}

/** Holds the decode queue's only place until `release` is called: uploads then wait in line. */
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

describe('the files of an upload', () => {
  test(`wait on disk while it is served, ${PHOTOS_MAX} photos of each create, and are gone once it is answered`, async ({ listening }) => {
    const { deps, baseUrl } = listening;
    const size = 1_000_000;
    const photos = await Promise.all(
      Array.from({ length: PHOTOS_MAX }, async () => fileOf(await pngOfSize(size), 'photo.png', 'image/png')),
    );
    const decoding = holdDecoding(deps);
    const sent = await Promise.all(
      DOORS.map(async ([door, path, status]) => {
        const { token } = await signedInUser(deps, `${door} Seller`);
        const body = await formWith(deps.now(), photos);
        return { status, answer: fetch(baseUrl + path, { method: 'POST', headers: { cookie: sessionCookieHeader(token) }, body }) };
      }),
    );
    // Both creates have read their forms and wait for their first decode: every photo is a file on
    // disk of the size sent, none of them yet in UPLOAD_DIR.
    await expect.poll(() => deps.photos.decoding.stats().waiting, { timeout: 10_000 }).toBe(DOORS.length);
    const waiting = spooled(deps);
    expect(waiting).toHaveLength(DOORS.length * PHOTOS_MAX);
    for (const name of waiting) expect(statSync(join(deps.photos.spoolDir, name)).size).toBe(size);
    // Before re-encoding they still carry their metadata: only the server's own user may read them.
    expect(statSync(deps.photos.spoolDir).mode & 0o777).toBe(0o700);
    for (const name of waiting) expect(statSync(join(deps.photos.spoolDir, name)).mode & 0o777).toBe(0o600);
    expect(uploads(deps)).toEqual([]);

    await decoding.release();
    for (const { status, answer } of sent) expect((await answer).status).toBe(status);
    expect(spooled(deps)).toEqual([]);
    expect(uploads(deps)).toHaveLength(DOORS.length * PHOTOS_MAX * 2);
  });

  test.for(DOORS)(
    'through %s: an upload abandoned halfway leaves no file, and its place is free again',
    async ([, path, status], { listening }) => {
      const { deps, port, baseUrl } = listening;
      const { token } = await signedInUser(deps);
      const photos = await Promise.all(Array.from({ length: 4 }, async () => fileOf(await pngOfSize(1_000_000), 'photo.png', 'image/png')));
      const { type, body } = await multipartBody(await formWith(deps.now(), photos));
      const connection = await rawConnection(port);
      try {
        connection.send(
          [
            `POST ${path} HTTP/1.1`,
            'Host: 127.0.0.1',
            `Cookie: ${sessionCookieHeader(token)}`,
            `Content-Type: ${type}`,
            `Content-Length: ${body.length}`,
          ],
          // Two photos and a half: the third is being written when the client goes.
          body.subarray(0, Math.floor(body.length * 0.6)),
        );
        await expect.poll(() => spooled(deps).length, { timeout: 10_000 }).toBe(3);
      } finally {
        connection.destroy();
      }
      await expect.poll(() => spooled(deps), { timeout: 10_000 }).toEqual([]);
      expect(uploads(deps)).toEqual([]);
      // Its places are all free: as many uploads as an account may have at once are taken at once.
      const again = await Promise.all(
        Array.from({ length: UPLOADS_PER_ACCOUNT }, async () =>
          fetch(baseUrl + path, {
            method: 'POST',
            headers: { cookie: sessionCookieHeader(token) },
            body: await formWith(deps.now(), photos),
          }),
        ),
      );
      expect(again.map((res) => res.status)).toEqual(Array(UPLOADS_PER_ACCOUNT).fill(status));
    },
  );
});

describe(`four creates of ${PHOTOS_MAX} photos at once`, () => {
  test('decode one photo at a time; /healthz answers quickly meanwhile; one account still has its few places', async ({ listening }) => {
    const { deps, baseUrl } = listening;
    // 2,000 × 1,500 of one colour: a photo of a few megapixels whose decode takes tens of milliseconds.
    const jpeg = await sharp({ create: { width: 2_000, height: 1_500, channels: 3, background: '#a63' } })
      .jpeg()
      .toBuffer();
    const photos = Array.from({ length: PHOTOS_MAX }, (_, i) => fileOf(jpeg, `photo${i}.jpg`, 'image/jpeg'));
    const [ann, bob, cy] = await Promise.all(['Ann', 'Bob', 'Cy'].map((name) => signedInUser(deps, `${name} Seller`)));
    const post = async (who: { token: string }, path: string) =>
      fetch(baseUrl + path, {
        method: 'POST',
        headers: { cookie: sessionCookieHeader(who.token) },
        body: await formWith(deps.now(), photos),
      });
    // Ann's two (her most), through both doors, and one each of Bob and Cy.
    const sent = [
      post(ann!, '/api/auction'),
      post(ann!, '/trpc/auction.create'),
      post(bob!, '/api/auction'),
      post(cy!, '/trpc/auction.create'),
    ];
    let uploading = true;
    const all = Promise.all(sent).finally(() => (uploading = false));

    await expect.poll(() => deps.photos.decoding.stats().started, { timeout: 10_000 }).toBeGreaterThan(0);
    // A third of Ann's while hers are in progress: 429, whichever door.
    for (const path of ['/api/auction', '/trpc/auction.create']) {
      const refused = await post(ann!, path);
      expect(refused.status, path).toBe(429);
      expect(await refused.text(), path).toContain(TOO_MANY_UPLOADS);
    }

    const healthz: number[] = [];
    while (uploading) {
      const started = performance.now();
      const health = await fetch(`${baseUrl}/healthz`);
      healthz.push(performance.now() - started);
      expect(health.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const answers = await all;
    expect(answers.map((res) => res.status)).toEqual([201, 200, 201, 200]);
    // Every photo took its turn, one at a time; none was turned away, since a create waits for one
    // decode at a time and the line holds more than four.
    expect(deps.photos.decoding.stats()).toMatchObject({ peakRunning: DECODE_CONCURRENCY, refused: 0, started: 4 * PHOTOS_MAX });
    type Created = { photos: string[]; photoCards: string[] };
    const created = await Promise.all(
      answers.map(async (res) => {
        const body = (await res.json()) as { newAuction?: Created; result?: { data: { newAuction: Created } } };
        return body.newAuction ?? body.result!.data.newAuction;
      }),
    );
    const stored = created.flatMap((auction) => [...auction.photos, ...auction.photoCards].map(storedName));
    expect(uploads(deps)).toEqual(stored.sort());
    expect(spooled(deps)).toEqual([]);
    // Decodes run beside the event loop: /healthz was answered all along. The median is what a
    // visitor sees; the longest wait is a backstop for a machine busy with other work.
    healthz.sort((a, b) => a - b);
    expect(healthz.length).toBeGreaterThan(3);
    expect(healthz[Math.floor(healthz.length / 2)]!).toBeLessThan(100);
    expect(healthz.at(-1)!).toBeLessThan(2_000);
  });
});
