// Photos (of auctions, and avatars): what is accepted and what a person is told. The server enforces
// it (recognising the image by its bytes), the photo pickers repeat it for a quick message.
import { PHOTO_MAX_BYTES } from './constants';

export { PHOTO_MAX_BYTES };

/** The image formats accepted: their media types (what a file picker offers) and the stored file ending. */
export const PHOTO_FORMATS = [
  { type: 'image/jpeg', extension: 'jpg' },
  { type: 'image/png', extension: 'png' },
  { type: 'image/webp', extension: 'webp' },
  { type: 'image/gif', extension: 'gif' },
] as const;
export type PhotoExtension = (typeof PHOTO_FORMATS)[number]['extension'];

export const PHOTO_TYPES = PHOTO_FORMATS.map((f) => f.type);

export const PHOTO_WRONG_TYPE = 'Only image files are allowed.';
export const PHOTO_TOO_LARGE = 'File size must be less than 5 MB.';
/** A form with a text field far longer than any field's own rule allows (it is not read on). */
export const UPLOAD_TOO_LARGE = 'This upload is too large: a photo must be less than 5 MB, with a few lines of text beside it.';
export const PHOTO_MISSING = 'Please upload an image.';

/** Larger images (width × height × frames) are refused from their header, before any pixel is decoded. */
export const PHOTO_MAX_PIXELS = 25_000_000;
export const PHOTO_TOO_MANY_PIXELS = 'This image has too many pixels: at most 25 megapixels (for example 6,000 × 4,000) are accepted.';

/** An avatar is one photo: a form with more files is refused before the rest is read. */
export const ONE_AVATAR_PHOTO = 'Send one photo for your avatar.';
export const AVATAR_MISSING = 'Please choose a photo for your avatar.';

/** Where the server draws the avatar of a user without a photo (their initial); uploaded ones are under /uploads/. */
export const DRAWN_AVATARS_PATH = '/avatars/';

/** Whether an avatar URL is the drawn initial, rather than a photo the user uploaded (and may remove). */
export function isDrawnAvatar(url: string): boolean {
  return new URL(url, 'http://localhost').pathname.startsWith(DRAWN_AVATARS_PATH);
}

/** The message for a chosen file the picker can judge by its declared type and size, or null. */
export function photoProblem(file: { type: string; size: number }): string | null {
  if (!PHOTO_TYPES.includes(file.type as (typeof PHOTO_TYPES)[number])) return PHOTO_WRONG_TYPE;
  return file.size > PHOTO_MAX_BYTES ? PHOTO_TOO_LARGE : null;
}
