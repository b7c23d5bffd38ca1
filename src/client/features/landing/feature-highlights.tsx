import { ImagePlus, ShieldCheck, Zap, type LucideIcon } from 'lucide-react';
import { Card } from '../../components/card';

const features: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Zap,
    title: 'Real-time bidding',
    text: 'Every new bid appears the moment it lands, so you always see the current price without reloading.',
  },
  {
    icon: ShieldCheck,
    title: 'Secure accounts',
    text: 'Your session lives in a protected cookie, passwords are stored hashed, and you can review every sign-in.',
  },
  {
    icon: ImagePlus,
    title: 'List your items with photos',
    text: 'Add a photo, a starting price and an end date, and your auction is live for everyone to bid on.',
  },
];

export function FeatureHighlights() {
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
        Why Open Auction
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {features.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full p-6">
              <span className="flex size-11 items-center justify-center rounded-lg bg-accent-50 text-accent-700">
                <Icon aria-hidden="true" className="size-6" />
              </span>
              <h3 className="mt-4 text-base font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
