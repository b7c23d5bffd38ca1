import { House } from 'lucide-react';
import { ButtonLink } from '../components/button';
import { paths } from '../lib/paths';

/** The 404 look; `title` names what was not found when the page knows ('Order not found'). */
export function NotFoundPage({ title }: { title?: string }) {
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center py-12 text-center sm:py-20">
      <title>{`${title ?? 'Page not found'} · Open Auction`}</title>
      <p className="text-7xl font-bold tracking-tight text-accent-700 sm:text-8xl">404</p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
        {title ?? "Sorry we couldn't find this page."}
      </h1>
      <p className="mt-3 text-base text-slate-600">But dont worry, you can find plenty of other things on our homepage.</p>
      <ButtonLink to={paths.home} size="lg" className="mt-8" icon={<House aria-hidden="true" className="size-5" />}>
        back to homepage
      </ButtonLink>
    </div>
  );
}
