// Emails for accounts made by tests, in-process and against a running server alike.

let counter = 0;

/** An email no other test (or earlier run against the same server) uses. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.com`;
}
