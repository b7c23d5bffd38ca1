// Avatars: every user has a picture. Until they upload a photo, it is their initial on a colour of
// their own, an SVG the server draws from its URL alone; an uploaded photo is stored square
// (photos.ts) and replaces it, and removing it brings the initial back.
import { NOT_SIGNED_IN_MESSAGE } from '../../shared/constants';
import { DRAWN_AVATARS_PATH, ONE_AVATAR_PHOTO, PHOTO_MAX_BYTES } from '../../shared/photos';
import type { SetAvatarForm } from '../../shared/schemas/user';
import type { AppDeps } from '../deps';
import { tooLarge, unauthorized } from '../domain/errors';
import { deleteAvatar, photoTooLarge, storeAvatar } from './photos';

/**
 * Backgrounds of the drawn avatars: Tailwind's 700 shades, each with a contrast of at least 4.5:1
 * against the white letter.
 */
const AVATAR_COLOURS = [
  '#b91c1c', // red
  '#c2410c', // orange
  '#a16207', // yellow
  '#15803d', // green
  '#0f766e', // teal
  '#0e7490', // cyan
  '#0369a1', // sky
  '#1d4ed8', // blue
  '#4338ca', // indigo
  '#6d28d9', // violet
  '#a21caf', // fuchsia
  '#be185d', // pink
];

/** The colour of a user's drawn avatar: the same for them everywhere, and spread over neighbouring ids. */
export function avatarColour(userId: number): string {
  // Knuth's multiplicative hash: consecutive ids land far apart in the palette.
  const hash = Math.imul(userId, 2654435761) >>> 0;
  return AVATAR_COLOURS[hash % AVATAR_COLOURS.length]!;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The longest initial drawn (in UTF-16 units): a letter with its accents, or an emoji of several code points. */
const INITIAL_MAX = 16;

/** A grapheme that shows something: not only spaces, format characters (zero-width ones) or controls. */
const VISIBLE = /[^\p{C}\p{Z}]/u;

/** The first character a person sees in a name (an accented letter, an emoji sequence), in capitals; '?' for none. */
function initialOf(name: string): string {
  for (const { segment } of graphemes.segment(name)) {
    if (!VISIBLE.test(segment)) continue;
    // In capitals, unless that makes two letters of one (ß is SS).
    const upper = segment.toUpperCase();
    const initial = [...graphemes.segment(upper)].length === 1 ? upper : segment;
    return initial.length <= INITIAL_MAX ? initial : '?';
  }
  return '?';
}

/** Whether a drawn avatar's URL names an initial that initialOf makes: one visible grapheme, in capitals. */
export function isInitial(text: string): boolean {
  return text.length > 0 && text.length <= INITIAL_MAX && initialOf(text) === text;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** The drawn avatar: the initial, escaped, in white on the user's colour. Square; shown in a circle by the pages. */
export function initialAvatarSvg(userId: number, initial: string): string {
  const letter = initial.replace(/[&<>"']/g, (c) => XML_ESCAPES[c]!);
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">' +
    `<rect width="256" height="256" fill="${avatarColour(userId)}"/>` +
    '<text x="128" y="128" dy="0.35em" text-anchor="middle" fill="#ffffff" font-size="120" font-weight="600" ' +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif">${letter}</text>` +
    '</svg>'
  );
}

/**
 * The URL of a user's avatar, absolute on PUBLIC_URL like photo URLs: their uploaded photo, or their
 * drawn initial. The drawn one's URL holds all it shows (id for the colour, the initial), so it is
 * cached like a stored file, and it changes when what it shows would.
 */
export function avatarUrl(user: { id: number; name: string; avatar: string | null }, publicUrl: string): string {
  if (user.avatar) return `${publicUrl}/uploads/${user.avatar}`;
  return `${publicUrl}${DRAWN_AVATARS_PATH}${user.id}/${encodeURIComponent(initialOf(user.name))}.svg`;
}

/** Stores the photo as the user's avatar, in place of the one before (whose file goes); returns the stored file's name. */
export async function setAvatar(deps: AppDeps, user: { id: number }, input: SetAvatarForm): Promise<string> {
  if (input.fileCount > 1) throw tooLarge(ONE_AVATAR_PHOTO);
  if (input.avatar.size > PHOTO_MAX_BYTES) throw photoTooLarge();
  const stored = await storeAvatar(deps, new Uint8Array(await input.avatar.arrayBuffer()));
  let replaced;
  try {
    replaced = await deps.store.users.setAvatar(user.id, stored);
  } catch (error) {
    await deleteAvatar(deps.settings.UPLOAD_DIR, stored);
    throw error;
  }
  // The account went away while the photo was being made: nothing to show it on.
  if (!replaced) {
    await deleteAvatar(deps.settings.UPLOAD_DIR, stored);
    throw unauthorized(NOT_SIGNED_IN_MESSAGE);
  }
  if (replaced.previous) await deleteAvatar(deps.settings.UPLOAD_DIR, replaced.previous);
  return stored;
}

/** Removes the user's uploaded avatar (its file goes); the drawn initial shows again. Removing none changes nothing. */
export async function removeAvatar(deps: AppDeps, user: { id: number }): Promise<void> {
  const replaced = await deps.store.users.setAvatar(user.id, null);
  if (replaced?.previous) await deleteAvatar(deps.settings.UPLOAD_DIR, replaced.previous);
}
