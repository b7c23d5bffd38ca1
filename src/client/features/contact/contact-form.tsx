// The contact form of /contact: checked with the server's schema, sent with contact.send, then a thank-you view.
import { useMutation } from '@tanstack/react-query';
import { CircleCheck } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { contactInput, type ContactInput } from '../../../shared/schemas/contact';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { inputClasses, TextField } from '../../components/text-field';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { checkForm, type FieldErrors } from '../../lib/form';
import { useTRPC } from '../../lib/trpc';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useAuth } from '../auth/auth-context';

const FIELDS = ['name', 'email', 'subject', 'message'] as const;
type Values = Record<(typeof FIELDS)[number], string>;

export function ContactForm() {
  const { user } = useAuth();
  const trpc = useTRPC();
  const send = useMutation(trpc.contact.send.mutationOptions());
  const blank = (): Values => ({ name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' });
  const [values, setValues] = useState<Values>(blank);
  const [errors, setErrors] = useState<FieldErrors<ContactInput>>({});
  const [sent, setSent] = useState(false);
  const banner = useTimedMessage();
  const formRef = useRef<HTMLFormElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const returning = useRef(false);

  // The session check may answer after the page opened: fill in who is writing, unless already typed.
  useEffect(() => {
    if (!user) return;
    setValues((v) => ({ ...v, name: v.name || user.name, email: v.email || user.email }));
  }, [user]);

  // Keyboard and screen-reader users land on what changed: the thank-you heading, or the form again.
  useEffect(() => {
    if (sent) thanksRef.current?.focus();
    else if (returning.current) {
      returning.current = false;
      formRef.current?.querySelector<HTMLElement>('input, textarea')?.focus();
    }
  }, [sent]);

  function update(field: keyof Values, value: string) {
    setValues((v) => ({ ...v, [field]: value }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const checked = checkForm(contactInput, values);
    if (!checked.ok) {
      setErrors(checked.errors);
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setErrors({});
    banner.clear();
    send.mutate(checked.data, {
      onSuccess: () => setSent(true),
      onError: (error) => banner.show(errorMessage(error, 'something went wrong')),
    });
  }

  function sendAnother() {
    returning.current = true;
    setValues(blank());
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
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Contact us">
      {banner.message && <Banner tone="error">{banner.message}</Banner>}
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={100}
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
          maxLength={254}
          value={values.email}
          onChange={(e) => update('email', e.target.value)}
          error={errors.email}
        />
      </div>
      <TextField
        label="Subject"
        name="subject"
        required
        maxLength={200}
        value={values.subject}
        onChange={(e) => update('subject', e.target.value)}
        error={errors.subject}
      />
      <div>
        <label htmlFor="contact-message" className="mb-1.5 block text-sm font-medium text-slate-800">
          Message
        </label>
        <textarea
          id="contact-message"
          name="message"
          required
          rows={6}
          maxLength={5000}
          value={values.message}
          onChange={(e) => update('message', e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={errors.message ? 'contact-message-error' : undefined}
          className={cn(inputClasses, 'resize-y', errors.message ? 'border-red-600' : 'border-slate-300')}
        />
        {errors.message && (
          <p id="contact-message-error" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.message}
          </p>
        )}
      </div>
      <div className="flex justify-end">
        <Button type="submit" loading={pending} className="w-full sm:w-auto">
          {pending ? 'Sending...' : 'Send message'}
        </Button>
      </div>
    </form>
  );
}
