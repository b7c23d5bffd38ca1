// The submit logic both auth forms share: check with the shared schema, send, go on (to the page the
// visitor came for, or home) or show why not.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { checkForm, formValues, type FieldErrors } from '../../lib/form';
import { useReturnTo } from '../../lib/return-to';
import { useTimedMessage } from '../../lib/use-timed-message';

export function useAuthForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, send: (input: z.output<S>) => Promise<unknown>) {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [pending, setPending] = useState(false);
  const [errors, setErrors] = useState<FieldErrors<z.output<S>>>({});
  const banner = useTimedMessage();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    // The same schema the server enforces: input it would refuse never leaves the browser.
    const checked = checkForm(schema, formValues(form));
    if (!checked.ok) {
      setErrors(checked.errors);
      form.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    banner.clear();
    setPending(true);
    try {
      await send(checked.data);
      navigate(returnTo, { replace: true });
    } catch (error) {
      banner.show(error instanceof Error && error.message ? error.message : 'something went wrong');
      setPending(false);
    }
  }

  return { pending, errors, bannerMessage: banner.message, onSubmit };
}
