// The errors the product's rules raise: a kind, a message for a person, and, when fields are at
// fault, an issue per field. They know nothing of HTTP or tRPC: each door maps them once
// (trpc/errors.ts to tRPC's codes, rest/errors.ts to HTTP statuses).

export interface Issue {
  /** The field at fault, dotted for nested ones ("itemPhoto", "maxBid"). */
  path: string;
  message: string;
}

export type AppErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'conflict'
  | 'too-large'
  | 'unsupported-type'
  | 'too-many-requests'
  | 'unavailable';

export class AppError extends Error {
  constructor(
    readonly kind: AppErrorKind,
    message: string,
    readonly details: { issues?: Issue[]; retryAfterSeconds?: number } = {},
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (message: string) => new AppError('bad-request', message);
export const unauthorized = (message: string) => new AppError('unauthorized', message);
export const forbidden = (message: string) => new AppError('forbidden', message);
export const notFound = (message: string) => new AppError('not-found', message);
export const conflict = (message: string) => new AppError('conflict', message);
export const tooLarge = (message: string) => new AppError('too-large', message);
export const unsupportedType = (message: string) => new AppError('unsupported-type', message);

/** Refused for now; the client may try again after that long. */
export function tooManyRequests(message: string, retryAfterMs: number) {
  return new AppError('too-many-requests', message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

/** Too busy to take this now (503); the client may try again after that long. */
export function busy(message: string, retryAfterMs: number) {
  return new AppError('unavailable', message, { retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) });
}

/** Fields that fail a rule only the server can check (it needs the clock or the database). */
export function invalid(issues: Issue[]) {
  return new AppError('bad-request', issues[0]?.message ?? 'Invalid input', { issues });
}
