import type { SelectHTMLAttributes } from 'react';
import { controlClasses, Field, type FieldProps } from './field';

interface SelectFieldProps extends FieldProps, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className' | 'children'> {
  options: readonly string[];
  /** The first, unselectable line shown until a choice is made. */
  placeholder?: string;
  /** The words shown for an option, when they are not its value. */
  optionLabel?: (option: string) => string;
}

export function SelectField({ label, hint, error, id, className, options, placeholder, optionLabel, ...select }: SelectFieldProps) {
  return (
    <Field label={label} hint={hint} error={error} id={id} className={className}>
      {(control) => (
        <select {...control} className={controlClasses(error)} {...select}>
          {placeholder !== undefined && (
            <option value="" disabled>
              {placeholder}
            </option>
          )}
          {options.map((option) => (
            <option key={option} value={option}>
              {optionLabel ? optionLabel(option) : option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
