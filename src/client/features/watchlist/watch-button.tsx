// The watch toggle, on auction cards and on the auction page: a star that fills while the user
// watches the auction. A toggle button (aria-pressed) whose name stays "Watch <item>" in both states,
// so a screen reader says pressed or not pressed rather than a name that changes under the finger.
// The toggle is offered on others' auctions that are not over; one already on stays, to turn it off.
import { Star } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../auth/auth-context';
import type { Auction } from '../auctions/types';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { useTimedMessage } from '../../lib/use-timed-message';
import { useSetWatching } from './api';

interface WatchButtonProps {
  auction: Pick<Auction, '_id' | 'itemName' | 'watching' | 'seller'>;
  /** On a card: a round icon button over the photo. On the auction page: the icon with words. */
  variant?: 'icon' | 'labelled';
  /** Over by the page's clock (the server's answer may not say so yet). */
  ended?: boolean;
  className?: string;
}

export function WatchButton({ auction, variant = 'labelled', ended = false, className }: WatchButtonProps) {
  const { user } = useAuth();
  const setWatching = useSetWatching();
  // Why a change was refused (a full watchlist says so), or that it failed.
  const failure = useTimedMessage();
  const { watching } = auction;
  // Watched while on screen: the toggle stays after a click turns it off, rather than vanish from under the pointer.
  const [kept, setKept] = useState(watching);
  if (watching && !kept) setKept(true);
  // Guests watch nothing; nobody watches their own auction or starts on one that is over. One
  // already watched keeps its toggle, so that it can come off the watchlist.
  if (!user) return null;
  if ((ended || user._id === auction.seller._id) && !kept) return null;

  const toggle = () => {
    failure.clear();
    setWatching.mutate(
      { auctionId: auction._id, watching: !watching },
      { onError: (error) => failure.show(errorMessage(error, 'Your watchlist could not be changed. Please try again.')) },
    );
  };
  const icon = <Star aria-hidden="true" className={cn('size-5', watching ? 'fill-amber-400 text-amber-600' : 'text-slate-600')} />;

  return (
    <>
      <button
        type="button"
        aria-pressed={watching}
        aria-label={`Watch ${auction.itemName}`}
        title={watching ? 'Stop watching' : 'Watch this auction'}
        onClick={toggle}
        className={cn(
          'inline-flex items-center justify-center gap-2 font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-600',
          variant === 'icon'
            ? 'size-10 rounded-full bg-white/95 shadow-sm ring-1 ring-slate-200 hover:bg-white'
            : cn(
                'h-10 rounded-lg border px-3 text-sm shadow-sm',
                watching
                  ? 'border-amber-300 bg-amber-50 text-amber-900 hover:bg-amber-100'
                  : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
              ),
          className,
        )}
      >
        {icon}
        {variant === 'labelled' && 'Watch'}
      </button>
      {/* Beside the labelled toggle (the auction page) it is shown too, on a line of its own; on a card, only said. */}
      <span role="status" className={variant === 'labelled' && failure.message ? 'basis-full text-sm text-red-700' : 'sr-only'}>
        {failure.message ?? ''}
      </span>
    </>
  );
}
