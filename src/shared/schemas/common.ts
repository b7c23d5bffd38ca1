import { z } from 'zod';

/** In a `u` regex a paired surrogate is one code point, so \p{Cs} matches only the lone ones. */
export const LONE_SURROGATE = /\p{Cs}/u;

/** Required text: trimmed, and blank counts as missing (CONTRACT.md, REST conventions). */
export function requiredText(label: string, max: number) {
  return z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`)
    // A lone UTF-16 surrogate (possible through a JSON escape) cannot be stored as UTF-8 and would read back mangled.
    .refine((value) => !LONE_SURROGATE.test(value), `${label} contains an invalid character`);
}

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(254, 'Email must be at most 254 characters')
  .pipe(z.email('Please enter a valid email address'))
  .transform((email) => email.toLowerCase());
