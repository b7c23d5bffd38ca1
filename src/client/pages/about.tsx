import {
  BookOpenText,
  Code2,
  Database,
  Gavel,
  ImagePlus,
  LayoutDashboard,
  Mail,
  Radio,
  Server,
  ShieldCheck,
  type LucideIcon,
} from 'lucide-react';
import { ButtonLink } from '../components/button';
import { FeatureList, type Feature } from '../components/feature-list';
import { PageHeader } from '../components/page-header';
import { paths } from '../lib/paths';

const features: Feature[] = [
  {
    icon: Gavel,
    title: 'Browse auctions',
    text: 'Look through every listing, filter by category, and open any item to see its photo, price and bid history.',
  },
  {
    icon: Radio,
    title: 'Bid in real time',
    text: 'When someone bids, the new price appears on every open page at once, with no need to reload.',
  },
  {
    icon: ImagePlus,
    title: 'List your own items',
    text: 'Add a photo, a description, a starting price and the dates bidding is open, and your auction goes live.',
  },
  {
    icon: LayoutDashboard,
    title: 'Dashboards',
    text: 'See how many auctions are running, the newest ones, and your own listings at a glance.',
  },
  {
    icon: ShieldCheck,
    title: 'Admin console',
    text: 'Administrators get a view of the whole site: statistics, recent auctions and every registered user.',
  },
];

const stack: Array<{ icon: LucideIcon; title: string; text: string }> = [
  {
    icon: Code2,
    title: 'TypeScript everywhere',
    text: 'The browser code and the server code are written in the same typed language, and they share the rules that check your input.',
  },
  {
    icon: Server,
    title: 'Fastify and tRPC on the server',
    text: 'Fastify answers the web requests; tRPC lets the pages call server functions as if they were local, with types checked on both sides.',
  },
  {
    icon: Database,
    title: 'SQLite with Drizzle',
    text: 'All data lives in a single SQLite database file. Drizzle describes its tables in TypeScript and builds the queries.',
  },
  {
    icon: LayoutDashboard,
    title: 'React in the browser',
    text: 'The pages are React components, styled with Tailwind CSS, that fetch and cache data with TanStack Query.',
  },
];

/** /about (public): what this educational demo is, what it does and how it is built. */
export function AboutPage() {
  return (
    <>
      <title>About · Open Auction</title>
      <PageHeader
        title="About Open Auction"
        description="An auction site built for learning: small enough to read, complete enough to be real."
      />

      <div className="max-w-3xl space-y-4 text-base leading-7 text-slate-700">
        <p>
          Open Auction is an <strong className="font-semibold text-slate-900">educational demo for students</strong>. It is a working online
          auction site, but nothing here is for sale: there is no real money, no payments and no shipping. It exists so that people learning
          web development can see how a complete application fits together, from the button you click to the row saved in the database.
        </p>
        <p>Feel free to sign up, list a few things, and bid against your friends. That is exactly what it is for.</p>
      </div>

      <section aria-labelledby="what-heading" className="mt-12">
        <h2 id="what-heading" className="text-xl font-semibold tracking-tight text-slate-900">
          What you can do here
        </h2>
        <FeatureList features={features} className="mt-5 sm:grid-cols-2 lg:grid-cols-3" />
      </section>

      <section aria-labelledby="how-heading" className="mt-12">
        <h2 id="how-heading" className="text-xl font-semibold tracking-tight text-slate-900">
          How it is built
        </h2>
        <p className="mt-2 max-w-3xl text-slate-700">
          The tools are common, well-documented choices, so what you learn here carries over to other projects.
        </p>
        <ul className="mt-5 grid gap-4 sm:grid-cols-2">
          {stack.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-accent-700" />
              <div>
                <h3 className="font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-sm leading-6 text-slate-600">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="teaching-heading" className="mt-12">
        <div className="rounded-xl border border-accent-100 bg-accent-50 p-6 sm:p-8">
          <h2 id="teaching-heading" className="flex items-center gap-2 text-xl font-semibold tracking-tight text-slate-900">
            <BookOpenText aria-hidden="true" className="size-6 text-accent-700" />A teaching example
          </h2>
          <div className="mt-3 max-w-3xl space-y-3 leading-7 text-slate-700">
            <p>
              The code is meant to be read. Each rule of the auction, such as how high a bid may go or when an auction ends, is written once
              on the server and checked again in the browser only to give you a quick message. Files are small, named after what they do,
              and explain <em>why</em> they do things rather than repeating <em>what</em>.
            </p>
            <p>
              If something puzzles you, that is a good place to start learning: open the file, follow the call, and see where it leads. And
              if you find a mistake, we would love to hear about it.
            </p>
          </div>
          <div className="mt-6 flex flex-col gap-3 sm:flex-row">
            <ButtonLink to={paths.auctions} icon={<Gavel aria-hidden="true" className="size-4" />}>
              Explore auctions
            </ButtonLink>
            <ButtonLink to={paths.contact} variant="secondary" icon={<Mail aria-hidden="true" className="size-4" />}>
              Contact us
            </ButtonLink>
          </div>
        </div>
      </section>
    </>
  );
}
