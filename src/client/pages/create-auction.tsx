import { Camera, CalendarRange, FileText, Lightbulb, Tag, Tags } from 'lucide-react';
import { PageHeader } from '../components/page-header';
import { TipList } from '../components/tip-list';
import { CreateAuctionForm } from '../features/auctions/create-auction-form';

const tips = [
  { icon: Camera, title: 'Use clear photos', text: 'Bright, sharp photos of the real item, from several sides, get more bids.' },
  { icon: FileText, title: 'Write a detailed description', text: 'Condition, size, age and any flaws: buyers bid with confidence.' },
  { icon: Tag, title: 'Set a reasonable starting price', text: 'A modest start draws early bids and builds momentum.' },
  { icon: CalendarRange, title: 'Choose a duration of 3-7 days', text: 'Long enough to be found, short enough to keep interest.' },
  { icon: Tags, title: 'Pick an accurate category', text: 'Buyers filter by category; the right one puts you in front of them.' },
];

/** /create: the create-auction form with a tips panel. */
export function CreateAuctionPage() {
  return (
    <>
      <title>Create Auction · Open Auction</title>
      <PageHeader title="Create Auction" description="List an item with its photos, a starting price and the dates bidding is open." />
      <div className="grid gap-8 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
          <CreateAuctionForm />
        </div>
        <aside aria-labelledby="tips-heading" className="h-fit rounded-xl border border-accent-100 bg-accent-50 p-5 sm:p-6">
          <h2 id="tips-heading" className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Lightbulb aria-hidden="true" className="size-5 text-accent-700" /> Tips for a great listing
          </h2>
          <TipList tips={tips} />
        </aside>
      </div>
    </>
  );
}
