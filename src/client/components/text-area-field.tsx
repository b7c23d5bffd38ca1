import type { TextareaHTMLAttributes } from 'react';
import { controlClasses, Field, type FieldProps } from './field';

type TextAreaFieldProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** Text of several lines; it grows only downwards, since it already fills its column. */
export function TextAreaField({ label, hint, error, id, className, ...textarea }: TextAreaFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => <textarea {...control} className={controlClasses(error, 'resize-y')} {...textarea} />}
    </Field>
  );
}
