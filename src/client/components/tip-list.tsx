import type { LucideIcon } from 'lucide-react';

interface Tip {
  icon: LucideIcon;
  title: string;
  text: string;
}

/** A short list of advice, each point with an icon: the side panels of the create and contact pages. */
export function TipList({ tips }: { tips: readonly Tip[] }) {
  return (
    <ul className="mt-4 space-y-4">
      {tips.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex gap-3">
          <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
          <div>
            <p className="font-medium text-slate-900">{title}</p>
            <p className="text-sm text-slate-700">{text}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
