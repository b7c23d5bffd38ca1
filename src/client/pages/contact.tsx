import { Clock, GraduationCap, ShieldCheck, type LucideIcon } from 'lucide-react';
import { Card } from '../components/card';
import { PageHeader } from '../components/page-header';
import { TipList } from '../components/tip-list';
import { ContactForm } from '../features/contact/contact-form';

const notes: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Clock,
    title: 'When we reply',
    text: 'Usually within a few working days. Please include anything that helps us find the auction or account.',
  },
  { icon: ShieldCheck, title: 'Your details', text: 'We use your name and email only to answer this message. Never send a password.' },
  {
    icon: GraduationCap,
    title: 'A teaching project',
    text: 'Open Auction is an educational demo. Questions about how it works, or how it is built, are welcome too.',
  },
];

/** /contact (public): the contact form with a few notes beside it. */
export function ContactPage() {
  return (
    <>
      <title>Contact · Open Auction</title>
      <PageHeader title="Contact Us" description="A question, a problem with an auction, or an idea? Send us a message." />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card className="p-5 sm:p-6">
          <ContactForm />
        </Card>
        <aside aria-labelledby="contact-notes-heading" className="h-fit rounded-xl border border-accent-100 bg-accent-50 p-5 sm:p-6">
          <h2 id="contact-notes-heading" className="text-lg font-semibold text-slate-900">
            Good to know
          </h2>
          <TipList tips={notes} />
        </aside>
      </div>
    </>
  );
}
