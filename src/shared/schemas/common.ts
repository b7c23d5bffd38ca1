import { z } from 'zod';

/** Ids (and the cursors of lists paged by id) are decimal strings of the database's integer keys. */
export const ID_PATTERN = /^\d{1,15}$/;

/** How many files a form carries, under any name: a form that allows one refuses a second, rather than dropping it. */
export const filesIn = (form: FormData) => [...form.values()].filter((value) => typeof value !== 'string').length;

/** A whole number from a JSON number or a query-string digit string; anything else is refused. */
export function wholeNumber(label: string) {
  return z
    .union(
      [
        z.number().int(),
        // Its own message too: a string that fails the digits is reported by this branch alone.
        z
          .string()
          .trim()
          .regex(/^\d{1,9}$/, `${label} must be a whole number`),
      ],
      { error: `${label} must be a whole number` },
    )
    .transform(Number);
}

/** The `limit` and `cursor` of a list read a page at a time. */
export function pageFields(defaultLimit: number, maxLimit: number) {
  return {
    limit: wholeNumber('limit')
      .pipe(z.number().min(1, `limit must be from 1 to ${maxLimit}`).max(maxLimit, `limit must be from 1 to ${maxLimit}`))
      .default(defaultLimit),
    cursor: z.string().regex(ID_PATTERN, 'Invalid cursor').nullish(),
  };
}

/** In a `u` regex a paired surrogate is one code point, so \p{Cs} matches only the lone ones. */
export const LONE_SURROGATE = /\p{Cs}/u;

/** Trimmed text where blank counts as missing (docs/rules/http-api.md). */
function trimmedText(label: string, max: number) {
  return (
    z
      .string({ error: `${label} is required` })
      .trim()
      // Blank stops here: one clear message, not also those of the checks below.
      .min(1, { error: `${label} is required`, abort: true })
      .max(max, `${label} must be at most ${max} characters`)
      // A lone UTF-16 surrogate (possible through a JSON escape) cannot be stored as UTF-8 and would read back mangled.
      .refine((value) => !LONE_SURROGATE.test(value), `${label} contains an invalid character`)
  );
}

/**
 * Required free text (a description, a message): line breaks and tabs are welcome, NUL is not, as
 * PostgreSQL cannot store it in text (it arrives only through a JSON escape or a crafted form).
 */
export function requiredText(label: string, max: number) {
  return trimmedText(label, max).refine((value) => !value.includes('\u0000'), `${label} contains an invalid character`);
}

/** C0 and C1 control characters and DEL: NUL, ANSI escapes, line breaks. */
export const CONTROL_CHARACTER = /\p{Cc}/u;

/** Control characters and the marks that reorder the text around them (U+202E and kin). */
const UNSHOWABLE = /[\p{Cc}\p{Bidi_Control}]/u;

/**
 * A character that leaves a mark on screen: not whitespace, not an invisible format or filler character
 * (U+200B, U+2060, U+FEFF, U+00AD, U+3164), not a combining mark on its own, not the blank braille cell.
 */
const VISIBLE = /[^\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{M}\u2800]/u;

/**
 * A name shown to other people (of a user, an auction, a contact's sender): required text that reads as
 * what it is, so it can neither rewrite a terminal or log line, nor flip the text around it, nor look blank.
 */
export function nameText(label: string, max: number) {
  return trimmedText(label, max)
    .refine((value) => !UNSHOWABLE.test(value), {
      error: `${label} cannot contain control characters or text-direction marks`,
      abort: true,
    })
    .refine((value) => VISIBLE.test(value), `${label} must contain at least one visible character`);
}

/** What a message between people may not hold: control characters other than line breaks, and direction marks. */
const UNSHOWABLE_IN_LINES = /[^\P{Cc}\n\r]|\p{Bidi_Control}/u;

/**
 * Text one person writes to another, shown as it was written: lines of it, but no other control
 * character (an ANSI escape, NUL, a tab) and no mark that would flip the text around it.
 */
export function linesText(label: string, max: number) {
  return trimmedText(label, max).refine(
    (value) => !UNSHOWABLE_IN_LINES.test(value),
    `${label} cannot contain control characters other than line breaks, nor text-direction marks`,
  );
}

/**
 * Text one person may add to a form or leave out (the details of a report): the same characters as
 * linesText, trimmed, and empty when left blank.
 */
export function optionalLinesText(label: string, max: number) {
  return z
    .string(`${label} must be text`)
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .refine((value) => !LONE_SURROGATE.test(value), `${label} contains an invalid character`)
    .refine(
      (value) => !UNSHOWABLE_IN_LINES.test(value),
      `${label} cannot contain control characters other than line breaks, nor text-direction marks`,
    )
    .default('');
}

/** The longest address mail can deliver to (RFC 5321). */
export const EMAIL_MAX = 254;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX, `Email must be at most ${EMAIL_MAX} characters`)
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());
