// The change-password form of /profile: checked with the server's own schema, then user.changePassword.
import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type FormEvent } from 'react';
import { PASSWORD_MIN } from '../../../shared/constants';
import { changePasswordInput, PASSWORD_HINT, PLEASE_ENTER_ALL_FIELDS, type ChangePasswordInput } from '../../../shared/schemas/user';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { checkForm, formValues, type FieldErrors } from '../../lib/form';
import { useTRPC } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';

type Field = keyof ChangePasswordInput;
const FIELDS: Field[] = ['currentPassword', 'newPassword', 'confirmPassword'];

// An empty field is marked red without repeating 'Please enter all fields' under each one.
const emptyFieldClass = '[&_input]:border-red-600';

export function ChangePasswordForm() {
  const trpc = useTRPC();
  const changePassword = useMutation(trpc.user.changePassword.mutationOptions());
  const formRef = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors<ChangePasswordInput>>({});
  const [empty, setEmpty] = useState<Set<Field>>(new Set());
  const failure = useTimedMessage();
  const success = useTimedMessage();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const values = formValues(form);
    success.clear();

    // SPEC §5: any empty field is one message for the whole form, checked before anything else.
    const missing = FIELDS.filter((field) => !values[field]);
    if (missing.length > 0) {
      setEmpty(new Set(missing));
      setErrors({});
      failure.show(PLEASE_ENTER_ALL_FIELDS);
      form.querySelector<HTMLInputElement>(`[name="${missing[0]}"]`)?.focus();
      return;
    }
    setEmpty(new Set());

    const checked = checkForm(changePasswordInput, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      failure.clear();
      const first = FIELDS.find((field) => checked.errors[field]);
      form.querySelector<HTMLInputElement>(`[name="${first}"]`)?.focus();
      return;
    }
    setErrors({});
    failure.clear();
    changePassword.mutate(checked.data, {
      onSuccess: ({ message }) => {
        formRef.current?.reset();
        success.show(message || 'Password updated successfully');
      },
      onError: (error) => failure.show(errorMessage(error, 'something went wrong')),
    });
  }

  const pending = changePassword.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-labelledby="change-password-heading">
      {failure.message && <Banner tone="error">{failure.message}</Banner>}
      {success.message && <Banner tone="success">{success.message}</Banner>}
      <TextField
        label="Current password"
        name="currentPassword"
        type="password"
        autoComplete="current-password"
        required
        error={errors.currentPassword}
        aria-invalid={empty.has('currentPassword') || errors.currentPassword ? true : undefined}
        className={empty.has('currentPassword') ? emptyFieldClass : undefined}
      />
      <TextField
        label="New password"
        name="newPassword"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={PASSWORD_HINT}
        error={errors.newPassword}
        aria-invalid={empty.has('newPassword') || errors.newPassword ? true : undefined}
        className={empty.has('newPassword') ? emptyFieldClass : undefined}
      />
      <TextField
        label="Confirm new password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        required
        error={errors.confirmPassword}
        aria-invalid={empty.has('confirmPassword') || errors.confirmPassword ? true : undefined}
        className={empty.has('confirmPassword') ? emptyFieldClass : undefined}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">
          {pending ? 'Saving...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
