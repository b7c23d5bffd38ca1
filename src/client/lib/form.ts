// The one form pattern: read the fields, check them with the shared zod schema the server also uses.
import { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

export type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<T> };

/** Parses `values` with `schema`; on failure, the first message of each field. */
export function checkForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, values: unknown): Checked<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  const { fieldErrors } = z.flattenError(result.error);
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(fieldErrors as Record<string, string[] | undefined>)) {
    if (messages?.[0]) errors[field] = messages[0];
  }
  return { ok: false, errors: errors as FieldErrors<z.output<S>> };
}

/** The string values of a form's named fields. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}
