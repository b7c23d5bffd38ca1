// The submit logic both auth forms share: check with the shared schema, send, go on (to the page the
// visitor came for, or home) or show why not.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { z } from 'zod';
import { useSchemaForm } from '../../lib/form';
import { useReturnTo } from '../../lib/return-to';
import { useTimedMessage } from '../../lib/use-timed-message';

export function useAuthForm<S extends z.ZodType<Record<string, unknown>>>(schema: S, send: (input: z.output<S>) => Promise<unknown>) {
  const navigate = useNavigate();
  const returnTo = useReturnTo();
  const [pending, setPending] = useState(false);
  const banner = useTimedMessage();
  async function submit(input: z.output<S>) {
    banner.clear();
    setPending(true);
    try {
      await send(input);
      await navigate(returnTo, { replace: true });
    } catch (error) {
      banner.show(error instanceof Error && error.message ? error.message : 'something went wrong');
      setPending(false);
    }
  }
  const { errors, onSubmit, onChange, recheck } = useSchemaForm(schema, { onValid: (input) => void submit(input) });

  return { pending, errors, bannerMessage: banner.message, onSubmit, onChange, recheck };
}
