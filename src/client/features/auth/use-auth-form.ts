// The submit logic the auth forms share: check with the shared schema, send, go on (to the page the
// visitor came for, or home), stay (a login that asks for a code next) or show why not.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/form';
import { useReturnTo } from '../../lib/return-to';
import { useTimedMessage } from '../../lib/use-timed-message';

/** `send` resolves 'stay' when the form has a next step of its own; `onFailed` may put the focus back after a refusal. */
export function useAuthForm<S extends z.ZodType<Record<string, unknown>>>(
  schema: S,
  send: (input: z.output<S>) => Promise<unknown>,
  onFailed?: (form: HTMLFormElement) => void,
) {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [pending, setPending] = useState(false);
  const banner = useTimedMessage();
  async function submit(input: z.output<S>, form: HTMLFormElement) {
    banner.clear();
    setPending(true);
    try {
      if ((await send(input)) === 'stay') {
        setPending(false);
        return;
      }
      await navigate(returnTo, { replace: true });
    } catch (error) {
      banner.show(error instanceof Error && error.message ? error.message : 'something went wrong');
      setPending(false);
      onFailed?.(form);
    }
  }
  const { errors, onSubmit, onChange, recheck } = useSchemaForm(schema, { onValid: (input, form) => void submit(input, form) });

  return { pending, errors, bannerMessage: banner.message, onSubmit, onChange, recheck };
}
