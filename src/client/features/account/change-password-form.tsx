// The change-password form of /profile: checked with the server's own schema, then user.changePassword.
import { PASSWORD_MIN } from '../../../shared/constants';
import { changePasswordInput, PASSWORD_HINT, PLEASE_ENTER_ALL_FIELDS, type ChangePasswordInput } from '../../../shared/schemas/user';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm, type FieldErrors } from '../../lib/form';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useChangePassword } from './api';

/**
 * Any empty field is one message for the whole form, before any other check
 * (docs/rules/screens.md#forms-and-messages): the schema says it of each empty field, and only those count.
 */
function emptyFieldsFirst(errors: FieldErrors<ChangePasswordInput>): FieldErrors<ChangePasswordInput> {
  const empty = Object.entries(errors).filter(([, message]) => message === PLEASE_ENTER_ALL_FIELDS);
  return empty.length > 0 ? Object.fromEntries(empty) : errors;
}

// An empty field is marked red without repeating 'Please enter all fields' under each one.
const emptyFieldClass = '[&_input]:border-red-600';

export function ChangePasswordForm() {
  const changePassword = useChangePassword();
  const failure = useTimedMessage();
  const success = useTimedMessage();
  const { errors, onSubmit, onChange } = useSchemaForm(changePasswordInput, {
    check: emptyFieldsFirst,
    onInvalid: (found) => {
      success.clear();
      if (Object.values(found).includes(PLEASE_ENTER_ALL_FIELDS)) failure.show(PLEASE_ENTER_ALL_FIELDS);
      else failure.clear();
    },
    onValid: (input, form) => {
      success.clear();
      failure.clear();
      changePassword.mutate(input, {
        onSuccess: ({ message }) => {
          form.reset();
          success.show(message || 'Password updated successfully');
        },
        onError: (error) => failure.show(errorMessage(error, 'something went wrong')),
      });
    },
  });

  /** The field's own message, or none when it is only empty (the banner says so). */
  const field = (name: keyof ChangePasswordInput) => {
    const empty = errors[name] === PLEASE_ENTER_ALL_FIELDS;
    return {
      name,
      error: empty ? undefined : errors[name],
      'aria-invalid': errors[name] ? (true as const) : undefined,
      className: empty ? emptyFieldClass : undefined,
    };
  };

  const pending = changePassword.isPending;
  return (
    <form noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5" aria-labelledby="change-password-heading">
      {failure.message && <Banner tone="error">{failure.message}</Banner>}
      {success.message && <Banner tone="success">{success.message}</Banner>}
      <TextField label="Current password" type="password" autoComplete="current-password" required {...field('currentPassword')} />
      <TextField
        label="New password"
        type="password"
        autoComplete="new-password"
        required
        minLength={PASSWORD_MIN}
        hint={PASSWORD_HINT}
        {...field('newPassword')}
      />
      <TextField label="Confirm new password" type="password" autoComplete="new-password" required {...field('confirmPassword')} />
      <div className="flex justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">
          {pending ? 'Saving...' : 'Change password'}
        </Button>
      </div>
    </form>
  );
}
