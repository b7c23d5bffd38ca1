// The contact form of /contact: checked with the server's schema, sent with contact.send, then a thank-you view.
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { EMAIL_MAX } from '../../../shared/schemas/common';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  contactInput,
  type ContactInput,
} from '../../../shared/schemas/contact';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useAuth } from '../auth/auth-context';
import { useSendContactMessage } from './api';

type Values = Record<keyof ContactInput, string>;

const BLANK: Partial<Values> = {};

export function ContactForm() {
  const { user } = useAuth();
  const send = useSendContactMessage();
  // What was typed; a field left alone shows the signed-in user's name and email (the session check
  // may answer after the page opened).
  const [typed, setTyped] = useState<Partial<Values>>(BLANK);
  const values: Values = {
    name: typed.name ?? user?.name ?? '',
    email: typed.email ?? user?.email ?? '',
    subject: typed.subject ?? '',
    message: typed.message ?? '',
  };
  const [sent, setSent] = useState(false);
  const banner = useTimedMessage();
  const { errors, setErrors, onSubmit, onChange } = useSchemaForm(contactInput, {
    onValid: (message) => {
      banner.clear();
      send.mutate(message, {
        onSuccess: () => setSent(true),
        onError: (error) => banner.show(errorMessage(error, 'something went wrong')),
      });
    },
  });
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);

  // Keyboard and screen-reader users land on what changed: the thank-you heading, or the form again.
  useEffect(() => {
    if (sent) thanksRef.current?.focus();
    else if (returning.current) {
      returning.current = false;
      formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    }
  }, [sent]);

  function update(field: keyof Values, value: string) {
    setTyped((v) => ({ ...v, [field]: value }));
  }

  function sendAnother() {
    returning.current = true;
    setTyped(BLANK);
    setErrors({});
    send.reset();
    setSent(false);
  }

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-center px-2 py-8 text-center sm:py-12">
        <span className="flex size-14 items-center justify-center rounded-full bg-green-50 text-green-700 ring-1 ring-green-200">
          <CircleCheck aria-hidden="true" className="size-7" />
        </span>
        <h2 ref={thanksRef} tabIndex={-1} className="mt-5 text-xl font-semibold text-slate-900 focus:outline-none">
          Thank you for your message!
        </h2>
        <p className="mt-2 text-slate-600">We&apos;ll get back to you as soon as possible.</p>
        <Button variant="secondary" className="mt-8" onClick={sendAnother}>
          Send another message
        </Button>
      </div>
    );
  }

  const pending = send.isPending;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} onChange={onChange} className="space-y-5" aria-label="Contact us">
      {banner.message && <Banner tone="error">{banner.message}</Banner>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={CONTACT_NAME_MAX}
          value={values.name}
          onChange={(e) => update('name', e.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={EMAIL_MAX}
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={CONTACT_SUBJECT_MAX}
        value={values.subject}
        onChange={(e) => update('subject', e.target.value)}
        error={errors.subject}
      />
      <TextAreaField
        label="Message"
        name="message"
        required
        rows={6}
        maxLength={CONTACT_MESSAGE_MAX}
        value={values.message}
        onChange={(e) => update('message', e.target.value)}
        error={errors.message}
      />
      <div className="flex justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">
          {pending ? 'Sending...' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
