// The one form pattern: read the fields, check them with the shared zod schema the server also uses,
// show each field's first message and take the person to the first field in error. A message, once
// shown, is checked again at each change, so it goes as soon as its field is right.
import { useState, type FormEvent } from 'react';
import { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

type Checked<T> = { ok: true; data: T } | { ok: false; errors: FieldErrors<T> };

/** Parses `values` with `schema`; on failure, the first message of each field. */
function checkForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, values: unknown): Checked<z.output<S>> {
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
function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of new FormData(form)) if (typeof value === 'string') values[key] = value;
  return values;
}

/** On a phone the first message may be far above the button: focus brings its field into view. */
function focusFirstError(form: HTMLFormElement, errors: Partial<Record<string, string>>) {
  for (const element of form.elements) {
    if (element instanceof HTMLElement && 'name' in element && typeof element.name === 'string' && errors[element.name]) {
      element.focus();
      return;
    }
  }
}

interface SchemaFormOptions<T, Extra extends string> {
  /**
   * What the form checks beyond the schema, or instead of part of it: given the schema's messages and
   * the values, the messages to show.
   */
  check?: (errors: FieldErrors<T>, values: Record<string, string>) => Partial<Record<(keyof T & string) | Extra, string>>;
  /** Called with the messages shown, after the focus moved to the first of them. */
  onInvalid?: (errors: Partial<Record<(keyof T & string) | Extra, string>>) => void;
  /** Called with the parsed values once nothing is in error. */
  onValid: (data: T, form: HTMLFormElement) => void;
}

/** A form checked in the browser by the schema the server enforces: input it would refuse never leaves. */
export function useSchemaForm<S extends z.ZodType<Record<string, unknown>>, Extra extends string = never>(
  schema: S,
  { check, onInvalid, onValid }: SchemaFormOptions<z.output<S>, Extra>,
) {
  const [errors, setErrors] = useState<Partial<Record<(keyof z.output<S> & string) | Extra, string>>>({});

  type Messages = Partial<Record<(keyof z.output<S> & string) | Extra, string>>;

  /** The form's values and what the schema and the form's own checks say of them. */
  function checkAll(form: HTMLFormElement) {
    const values = formValues(form);
    const checked = checkForm(schema, values);
    const schemaErrors = checked.ok ? {} : checked.errors;
    const found: Messages = check ? check(schemaErrors, values) : schemaErrors;
    return { values, checked, found };
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const { checked, found } = checkAll(form);
    setErrors(found);
    if (!checked.ok || Object.keys(found).length > 0) {
      focusFirstError(form, found);
      onInvalid?.(found);
      return;
    }
    onValid(checked.data, form);
  }

  /**
   * For the form's onChange (React sends it each field's input): the fields that show a message are
   * checked again, all of them, since one field can settle another's (a confirmation, an end date). A
   * field that shows none gets none before the next submit: no message while someone is still typing.
   * Fields that are not text (a file) are left to their own control.
   */
  function onChange(event: FormEvent<HTMLFormElement>) {
    recheck(event.currentTarget);
  }

  /** The same, for values set by the page rather than typed (a button that fills the form in). */
  function recheck(form: HTMLFormElement) {
    if (Object.keys(errors).length === 0) return;
    const { values, found } = checkAll(form);
    setErrors((shown) => {
      let changed = false;
      const next: Messages = { ...shown };
      for (const name of Object.keys(shown) as Array<keyof Messages>) {
        if (!(name in values) || next[name] === found[name]) continue;
        changed = true;
        if (found[name]) next[name] = found[name];
        else delete next[name];
      }
      return changed ? next : shown;
    });
  }

  return { errors, setErrors, onSubmit, onChange, recheck };
}
