import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { cn } from '../lib/cn';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: ReactNode;
  /** Help shown under the field; hidden while an error says the same thing. */
  hint?: string;
  error?: string;
  id?: string;
  /** A control beside the input, as tall as it: the button of a one-field form. */
  action?: ReactNode;
}

export const inputClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-accent-600 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm';

export function TextField({ label, hint, error, id, action, className, ...input }: TextFieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const showHint = hint !== undefined && hint !== error;
  const describedBy = [showHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  const field = (
    <input
      id={inputId}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={cn(inputClasses, error ? 'border-red-600' : 'border-slate-300', action !== undefined && 'min-w-0 flex-1')}
      {...input}
    />
  );

  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {action ? (
        <div className="flex gap-2">
          {field}
          {action}
        </div>
      ) : (
        field
      )}
      {showHint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
