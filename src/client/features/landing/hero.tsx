import { Gavel, LogIn, UserPlus } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-heading"
      className="relative overflow-hidden rounded-2xl border border-slate-200 bg-linear-to-br from-accent-50 via-white to-white px-5 py-12 sm:px-12 sm:py-20"
    >
      <p className="inline-flex items-center rounded-full bg-white px-3 py-1 text-xs font-medium text-accent-800 ring-1 ring-accent-200">
        Live auctions, real-time bids
      </p>
      <h1 id="hero-heading" className="mt-5 max-w-2xl text-3xl lg:max-w-xl font-bold tracking-tight text-slate-900 sm:text-5xl">
        Bid on what you love. Sell what you don&apos;t.
      </h1>
      <p className="mt-4 max-w-xl text-base text-slate-600 sm:text-lg">
        Open Auction is a friendly marketplace where every bid shows up the moment it is placed. Create a free account to start bidding or
        list your own items in minutes.
      </p>
      {/* Decoration for wide screens only: soft rings around the site's gavel. */}
      <div aria-hidden="true" className="pointer-events-none absolute inset-y-0 right-12 hidden items-center lg:flex">
        <div className="flex size-72 items-center justify-center rounded-full bg-accent-50 ring-1 ring-accent-100">
          <div className="flex size-48 items-center justify-center rounded-full bg-accent-100/70 ring-1 ring-accent-200">
            <div className="flex size-24 items-center justify-center rounded-3xl bg-accent-700 text-white shadow-lg shadow-accent-700/30">
              <Gavel className="size-12" />
            </div>
          </div>
        </div>
      </div>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to={paths.signup} size="lg" icon={<UserPlus aria-hidden="true" className="size-5" />}>
          Sign up
        </ButtonLink>
        <ButtonLink to={paths.login} size="lg" variant="secondary" icon={<LogIn aria-hidden="true" className="size-5" />}>
          Log in
        </ButtonLink>
      </div>
    </section>
  );
}
