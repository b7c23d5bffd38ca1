import { ImagePlus, ShieldCheck, Zap } from 'lucide-react';
import { FeatureList, type Feature } from '../../components/feature-list';

const features: Feature[] = [
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
      <FeatureList features={features} className="mt-6 sm:grid-cols-3" />
    </section>
  );
}
