// Photos (of auctions, and avatars): recognised by their bytes (never by name or declared type),
// measured from their header, decoded a bounded number at a time (photo-work.ts), re-encoded, and
// stored under a name the server makes.
import { randomUUID } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import {
  PHOTO_MAX_BYTES,
  PHOTO_MAX_PIXELS,
  PHOTO_TOO_LARGE,
  PHOTO_TOO_MANY_PIXELS,
  PHOTO_WRONG_TYPE,
  type PhotoExtension,
} from '../../shared/photos';
import type { AppDeps } from '../deps';
import { AppError, tooLarge, unsupportedType } from '../domain/errors';

/**
 * Threads libvips gives one image. One, so that a decode takes one core whatever the machine
 * (DECODE_CONCURRENCY in photo-work.ts counts on it); it is also sharp's own default on glibc, where
 * more threads fragment memory. Nothing repeats an operation on the same image, so nothing is cached.
 */
const PHOTO_THREADS = 1;
sharp.concurrency(PHOTO_THREADS);
sharp.cache(false);

const CARD_WIDTH = 640;
const CARD_HEIGHT = 480;
/** Avatars are stored square, cropped to cover: large enough for a sharp 128-pixel circle on a dense screen. */
const AVATAR_SIZE = 256;

type ImageKind = PhotoExtension;

/** The image format from its magic bytes, or null. SVG (text that can carry script) is never an image here. */
export function sniffImageKind(bytes: Uint8Array): ImageKind | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.byteLength, 16));
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  if (b.length >= 8 && b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (b.length >= 12 && b.toString('latin1', 0, 4) === 'RIFF' && b.toString('latin1', 8, 12) === 'WEBP') return 'webp';
  if (b.length >= 6 && (b.toString('latin1', 0, 6) === 'GIF87a' || b.toString('latin1', 0, 6) === 'GIF89a')) return 'gif';
  return null;
}

const wrongType = () => unsupportedType(PHOTO_WRONG_TYPE);
export const photoTooLarge = () => tooLarge(PHOTO_TOO_LARGE);

/**
 * What a photo's size and first bytes say, read before any photo of a form is decoded: a form whose
 * fifth file is no image is refused before the four before it cost a decode each.
 */
export async function checkPhotoStart(file: Blob): Promise<void> {
  if (file.size > PHOTO_MAX_BYTES) throw photoTooLarge();
  if (!sniffImageKind(new Uint8Array(await file.slice(0, 16).arrayBuffer()))) throw wrongType();
}

/** The deps photo work needs: where files go, and the decode queue. */
type PhotoDeps = Pick<AppDeps, 'settings' | 'photos'>;

/**
 * The upload's bytes, checked from what can be read without decoding: its size, its format by its
 * magic bytes, and its pixel count from its header (a tiny file may claim a huge canvas). Throws the
 * refusal a person reads; nothing has been decoded yet.
 */
async function checkUpload(bytes: Uint8Array): Promise<{ input: Buffer; kind: ImageKind }> {
  if (bytes.byteLength > PHOTO_MAX_BYTES) throw photoTooLarge();
  const kind = sniffImageKind(bytes);
  if (!kind) throw wrongType();
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pixels: number;
  try {
    // metadata() reads the header only (for a GIF, the frames' headers too), never the pixels.
    const { width = 0, height = 0, pages = 1 } = await sharp(input, { limitInputPixels: false }).metadata();
    pixels = width * height * pages;
  } catch {
    throw wrongType();
  }
  if (pixels > PHOTO_MAX_PIXELS) throw tooLarge(PHOTO_TOO_MANY_PIXELS);
  return { input, kind };
}

/** Runs a decode in its turn (photo-work.ts); a file that fails to decode is not an image. */
async function decodeInTurn<T>(deps: PhotoDeps, work: () => Promise<T>): Promise<T> {
  return deps.photos.decoding.run(async () => {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw wrongType();
    }
  });
}

/** Writes new files under fresh names; if one cannot be written, none stays. */
async function writeNew(uploadDir: string, files: Array<[name: string, bytes: Buffer]>): Promise<void> {
  await mkdir(uploadDir, { recursive: true });
  try {
    for (const [name, bytes] of files) await writeFile(join(uploadDir, name), bytes, { flag: 'wx' });
  } catch (error) {
    await Promise.all(files.map(([name]) => rm(join(uploadDir, name), { force: true })));
    throw error;
  }
}

/**
 * Checks and stores an auction's photo; returns its file name inside UPLOAD_DIR. A refused photo
 * leaves nothing behind. Both stored files are made by decoding the whole image, so a file that only
 * starts like an image is refused too. The photo and its card are made one after the other, in one
 * turn of the queue: one decoded image in memory at a time.
 */
export async function storePhoto(deps: PhotoDeps, bytes: Uint8Array): Promise<string> {
  const { input, kind } = await checkUpload(bytes);
  const [photo, card] = await decodeInTurn(deps, async () => {
    const stored = await reencode(input, kind);
    const cardCopy = await decode(input, { animated: false })
      .resize(CARD_WIDTH, CARD_HEIGHT, { fit: 'cover' })
      .webp({ quality: 78 })
      .toBuffer();
    return [stored, cardCopy] as const;
  });
  const name = `${randomUUID()}.${kind}`;
  await writeNew(deps.settings.UPLOAD_DIR, [
    [name, photo],
    [cardName(name), card],
  ]);
  return name;
}

/**
 * Checks and stores an avatar under the same rules as a photo; returns its file name inside
 * UPLOAD_DIR. Stored as a square WebP of AVATAR_SIZE, cropped to cover from the centre; an animated
 * image keeps its first frame.
 */
export async function storeAvatar(deps: PhotoDeps, bytes: Uint8Array): Promise<string> {
  const { input } = await checkUpload(bytes);
  const avatar = await decodeInTurn(deps, () =>
    decode(input, { animated: false }).resize(AVATAR_SIZE, AVATAR_SIZE, { fit: 'cover' }).webp({ quality: 82 }).toBuffer(),
  );
  const name = `${randomUUID()}${AVATAR_SUFFIX}`;
  await writeNew(deps.settings.UPLOAD_DIR, [[name, avatar]]);
  return name;
}

/** Avatars sit beside the auction photos in UPLOAD_DIR, named apart. */
const AVATAR_SUFFIX = '.avatar.webp';

/** Every pixel decoded (a damaged file fails), within the pixel limit, turned upright by its EXIF orientation. */
function decode(input: Buffer, options: { animated: boolean }) {
  return sharp(input, { limitInputPixels: PHOTO_MAX_PIXELS, failOn: 'error', animated: options.animated }).rotate();
}

/**
 * The photo as stored and served: the decoded pixels in a fresh file of the same format, never the
 * uploaded bytes. sharp writes no metadata unless asked, so EXIF (GPS position, author), XMP, ICC
 * profiles, comments and PNG text chunks stay behind, and so does anything appended after the image.
 * Orientation is applied to the pixels before its tag goes. Animated GIFs and WebPs keep every frame.
 */
function reencode(input: Buffer, kind: ImageKind): Promise<Buffer> {
  const image = decode(input, { animated: kind === 'gif' || kind === 'webp' });
  switch (kind) {
    case 'jpg':
      return image.jpeg({ quality: 85 }).toBuffer();
    case 'png':
      return image.png().toBuffer();
    case 'webp':
      return image.webp({ quality: 85 }).toBuffer();
    case 'gif':
      return image.gif().toBuffer();
  }
}

export function cardName(photo: string): string {
  return photo.replace(/\.[a-z]+$/, '.card.webp');
}

export async function deletePhoto(uploadDir: string, photo: string): Promise<void> {
  await Promise.all([rm(join(uploadDir, photo), { force: true }), rm(join(uploadDir, cardName(photo)), { force: true })]);
}

export async function deleteAvatar(uploadDir: string, avatar: string): Promise<void> {
  await rm(join(uploadDir, avatar), { force: true });
}

/** Served from the built client's public files. */
export const PLACEHOLDER_PHOTO = '/placeholder.svg';

/**
 * Absolute URLs on the site's public base (PUBLIC_URL), so a client served from another origin loads
 * them from us. Never built from the request's Host header, which the caller chooses. An auction
 * without a photo shows the placeholder, as its one photo.
 */
export function photoUrls(
  photo: string | null,
  morePhotos: string[],
  publicUrl: string,
): { itemPhoto: string; itemPhotoCard: string; photos: string[]; photoCards: string[] } {
  if (!photo) {
    const placeholder = `${publicUrl}${PLACEHOLDER_PHOTO}`;
    return { itemPhoto: placeholder, itemPhotoCard: placeholder, photos: [placeholder], photoCards: [placeholder] };
  }
  const itemPhoto = `${publicUrl}/uploads/${photo}`;
  const itemPhotoCard = `${publicUrl}/uploads/${cardName(photo)}`;
  if (morePhotos.length === 0) return { itemPhoto, itemPhotoCard, photos: [itemPhoto], photoCards: [itemPhotoCard] };
  return {
    itemPhoto,
    itemPhotoCard,
    photos: [itemPhoto, ...morePhotos.map((name) => `${publicUrl}/uploads/${name}`)],
    photoCards: [itemPhotoCard, ...morePhotos.map((name) => `${publicUrl}/uploads/${cardName(name)}`)],
  };
}
