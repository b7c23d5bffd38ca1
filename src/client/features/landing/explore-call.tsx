import { ArrowRight } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';

export function ExploreCall() {
  return (
    <section
      aria-labelledby="explore-heading"
      className="flex flex-col items-start gap-6 rounded-2xl bg-slate-900 px-5 py-10 text-white sm:flex-row sm:items-center sm:justify-between sm:px-12"
    >
      <div>
        <h2 id="explore-heading" className="text-2xl font-semibold tracking-tight">
          Ready to find something special?
        </h2>
        <p className="mt-2 max-w-xl text-slate-300">Browse everything up for auction right now, from electronics to antiques.</p>
      </div>
      <ButtonLink
        to={paths.auctions}
        size="lg"
        variant="secondary"
        className="shrink-0 border-white"
        icon={<ArrowRight aria-hidden="true" className="size-5" />}
      >
        Explore auctions
      </ButtonLink>
    </section>
  );
}
