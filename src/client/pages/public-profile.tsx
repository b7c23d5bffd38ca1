import { CalendarDays, Minus, ThumbsDown, ThumbsUp, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router-dom';
import { Avatar } from '../components/avatar';
import { Banner } from '../components/banner';
import { Skeleton } from '../components/skeleton';
import { AuctionGrid, AuctionGridSkeleton } from '../features/auctions/auction-grid';
import { usePublicProfile, type PublicProfile } from '../features/users/api';
import { UserLink } from '../features/users/user-link';
import { errorMessage } from '../lib/errors';
import { formatDateTime } from '../lib/format';
import { httpStatusOf } from '../lib/query-client';
import { FEEDBACK_WORDS } from '../../shared/feedback';
import { NotFoundPage } from './not-found';

const monthYear = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric' });

/** /users/{id}: a member as others see them: their standing, what traders said of them, what they sell. */
export function PublicProfilePage() {
  const { id = '' } = useParams();
  const profile = usePublicProfile(id);

  if (profile.isPending) return <ProfileSkeleton />;
  if (profile.isError) {
    if (httpStatusOf(profile.error) === 404) return <NotFoundPage />;
    console.error('Error on getting a profile', profile.error);
    return <Banner tone="error">{errorMessage(profile.error, 'An unexpected error occurred.')}</Banner>;
  }
  return <Profile profile={profile.data} receivedAt={profile.dataUpdatedAt} />;
}

function Profile({ profile, receivedAt }: { profile: PublicProfile; receivedAt: number }) {
  const { user, feedback, unpaidStrikes, recentFeedback, openAuctions } = profile;
  return (
    <>
      <title>{`${user.name} · Open Auction`}</title>
      <header className="mb-8 flex flex-col gap-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:flex-row sm:items-center sm:p-6">
        <div className="flex min-w-0 items-center gap-4">
          <Avatar src={user.avatar} name={user.name} className="size-16 text-2xl" />
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight break-words text-slate-900 sm:text-3xl">{user.name}</h1>
            <p className="mt-1 flex items-start gap-1.5 text-sm text-slate-600">
              <CalendarDays aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {/* One flex item, so the words wrap as a sentence rather than as two columns. */}
              <span>
                Member since{' '}
                <time dateTime={user.memberSince} className="whitespace-nowrap">
                  {monthYear.format(new Date(user.memberSince))}
                </time>
              </span>
            </p>
          </div>
        </div>
        <div className="sm:ml-auto sm:text-right">
          <p className={feedback.score === null ? 'text-lg font-medium text-slate-700' : 'text-2xl font-semibold text-green-700'}>
            {FEEDBACK_WORDS.score(feedback.score)}
          </p>
          <p className="mt-1 text-sm text-slate-600">In the last 12 months:</p>
          <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-800 sm:justify-end">
            <Count icon={<ThumbsUp aria-hidden="true" className="size-4 text-green-700" />} count={feedback.positive} label="positive" />
            <Count icon={<Minus aria-hidden="true" className="size-4 text-slate-500" />} count={feedback.neutral} label="neutral" />
            <Count icon={<ThumbsDown aria-hidden="true" className="size-4 text-red-700" />} count={feedback.negative} label="negative" />
          </ul>
          {unpaidStrikes > 0 && (
            <p className="mt-2 flex items-center gap-1.5 text-sm font-medium text-amber-800 sm:justify-end">
              <TriangleAlert aria-hidden="true" className="size-4 shrink-0" />
              {unpaidStrikes} unpaid {unpaidStrikes === 1 ? 'strike' : 'strikes'}
            </p>
          )}
        </div>
      </header>

      <section aria-labelledby="recent-feedback" className="mb-10">
        <h2 id="recent-feedback" className="mb-4 text-xl font-semibold text-slate-900">
          Recent feedback
        </h2>
        {recentFeedback.length === 0 ? (
          <p className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-600">No feedback yet.</p>
        ) : (
          <ol className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
            {recentFeedback.map((item) => (
              <li key={`${item.from._id}-${item.createdAt}`} className="flex gap-3 px-5 py-4">
                <RatingIcon rating={item.rating} />
                <div className="min-w-0">
                  {/* The comment is shown as the words it is, never as markup. */}
                  {item.comment && <p className="whitespace-pre-line break-words text-slate-900">{item.comment}</p>}
                  <p className="mt-1 text-sm text-slate-600">
                    <UserLink id={item.from._id} name={item.from.name} className="font-medium text-slate-800" />, as {item.role} ·{' '}
                    <time dateTime={item.createdAt}>{formatDateTime(item.createdAt)}</time>
                  </p>
                </div>
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="open-auctions">
        <h2 id="open-auctions" className="mb-4 text-xl font-semibold text-slate-900">
          Open auctions
        </h2>
        <AuctionGrid
          auctions={openAuctions}
          receivedAt={receivedAt}
          empty={<p className="rounded-xl border border-slate-200 bg-slate-50 p-5 text-slate-600">No open auctions.</p>}
        />
      </section>
    </>
  );
}

function Count({ icon, count, label }: { icon: ReactNode; count: number; label: string }) {
  return (
    <li className="flex items-center gap-1.5">
      {icon}
      <span className="tabular-nums">{count}</span> {label}
    </li>
  );
}

function RatingIcon({ rating }: { rating: PublicProfile['recentFeedback'][number]['rating'] }) {
  const Icon = rating === 'positive' ? ThumbsUp : rating === 'negative' ? ThumbsDown : Minus;
  const tone = rating === 'positive' ? 'text-green-700' : rating === 'negative' ? 'text-red-700' : 'text-slate-500';
  return (
    <span className="mt-0.5 shrink-0">
      <Icon aria-hidden="true" className={`size-5 ${tone}`} />
      <span className="sr-only">{rating}</span>
    </span>
  );
}

/** The page's shape while it loads. */
function ProfileSkeleton() {
  return (
    <div role="status" aria-label="Loading profile">
      <div className="mb-8 flex items-center gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:p-6">
        <Skeleton className="size-16 rounded-full" />
        <div className="space-y-2">
          <Skeleton className="h-8 w-48" />
          <Skeleton className="h-4 w-36" />
        </div>
      </div>
      <Skeleton className="mb-4 h-7 w-44" />
      <Skeleton className="mb-10 h-24 w-full rounded-xl" />
      <Skeleton className="mb-4 h-7 w-40" />
      <AuctionGridSkeleton count={3} />
    </div>
  );
}
