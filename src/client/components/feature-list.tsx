// A grid of cards, each an icon, a title and a sentence: what the site offers, on the landing and about pages.
import type { LucideIcon } from 'lucide-react';
import { cn } from '../lib/cn';
import { Card } from './card';

export interface Feature {
  icon: LucideIcon;
  title: string;
  text: string;
}

export function FeatureList({ features, className }: { features: Feature[]; className?: string }) {
  return (
    <ul className={cn('grid gap-4', className)}>
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
  );
}
