// The frame every form field shares: a label, an optional hint, an error, and the attributes that tie
// them to the control so a screen reader reads them with it.
import { useId, type ReactNode } from 'react';
import { cn } from '../lib/cn';

export interface FieldProps {
  label: ReactNode;
  /** Help shown under the field; hidden while an error says the same thing. */
  hint?: string;
  error?: string;
  id?: string;
  className?: string;
}

export const inputClasses =
  'block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 ' +
  'focus:outline-2 focus:outline-offset-0 focus:outline-accent-600 disabled:bg-slate-100 disabled:text-slate-500 sm:text-sm ' +
  // A read-only field (what a relisted auction keeps) looks set, not editable; not :read-only, which every select matches.
  '[&[readonly]]:bg-slate-50 [&[readonly]]:text-slate-700';

/** The look of a control: red-edged while it has an error. */
export function controlClasses(error: string | undefined, className?: string): string {
  return cn(inputClasses, error ? 'border-red-600' : 'border-slate-300', className);
}

interface ControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/** Renders the label, hint and error around the control that `children` makes from `ControlProps`. */
export function Field({ label, hint, error, id, className, children }: FieldProps & { children: (control: ControlProps) => ReactNode }) {
  const autoId = useId();
  const controlId = id ?? autoId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const showHint = hint !== undefined && hint !== error;
  const describedBy = [showHint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;

  return (
    <div className={className}>
      <label htmlFor={controlId} className="mb-1.5 block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
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
