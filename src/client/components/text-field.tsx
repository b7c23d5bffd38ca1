import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { controlClasses, Field, type FieldProps } from './field';

interface TextFieldProps extends FieldProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  /** A control beside the input, as tall as it: the button of a one-field form. */
  action?: ReactNode;
  /** The input itself, for a form that puts the focus back in it. */
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, hint, error, id, className, action, ref, ...input }: TextFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => {
        const field = (
          <input ref={ref} {...control} className={controlClasses(error, action !== undefined ? 'min-w-0 flex-1' : undefined)} {...input} />
        );
        return action ? (
          <div className="flex gap-2">
            {field}
            {action}
          </div>
        ) : (
          field
        );
      }}
    </Field>
  );
}
