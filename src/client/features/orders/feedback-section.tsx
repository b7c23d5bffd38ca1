// The feedback on an order page: what each side said of the other, and while the viewer may still
// leave theirs (the rule: shared/order-steps.ts), the form to do it. Once sent it shows among the
// rest, and on the other side's public profile.
import { Minus, ThumbsDown, ThumbsUp } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { FEEDBACK_COMMENT_MAX, FEEDBACK_RATINGS, type FeedbackRating } from '../../../shared/feedback';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { TextAreaField } from '../../components/text-area-field';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { UserLink } from '../users/user-link';
import { useLeaveFeedback, type Order, type OrderRole } from './api';

type Feedback = NonNullable<Order['feedback']['fromBuyer']>;

const RATINGS: Record<FeedbackRating, { label: string; Icon: typeof ThumbsUp; tone: string }> = {
  positive: { label: 'Positive', Icon: ThumbsUp, tone: 'text-green-700' },
  neutral: { label: 'Neutral', Icon: Minus, tone: 'text-slate-500' },
  negative: { label: 'Negative', Icon: ThumbsDown, tone: 'text-red-700' },
};

interface FeedbackSectionProps {
  order: Order;
  /** Whether the viewer owes their feedback now. */
  owed: boolean;
  side: OrderRole | null;
}

export function FeedbackSection({ order, owed, side }: FeedbackSectionProps) {
  const { fromBuyer, fromSeller } = order.feedback;
  const [sent, setSent] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  // 'Leave feedback' on /orders leads here.
  useEffect(() => {
    if (hash === '#leave-feedback') sectionRef.current?.scrollIntoView();
  }, [hash]);
  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  if (order.status !== 'received') return null;
  const other = side === 'buyer' ? order.seller : order.buyer;
  return (
    <section ref={sectionRef} id="leave-feedback" aria-labelledby="order-feedback" className="scroll-mt-24">
      <h2 id="order-feedback" className="mb-4 text-xl font-semibold text-slate-900">
        Feedback
      </h2>
      <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white shadow-sm">
        <FeedbackItem title="From the buyer" feedback={fromBuyer} />
        <FeedbackItem title="From the seller" feedback={fromSeller} />
      </ul>
      {sent && (
        <div ref={sentRef} tabIndex={-1} className="mt-4 focus:outline-none">
          <Banner tone="success">Thank you: your feedback is on {other.name}’s public profile.</Banner>
        </div>
      )}
      {owed && side && <FeedbackForm orderId={order._id} otherName={other.name} onSent={() => setSent(true)} />}
    </section>
  );
}

function FeedbackItem({ title, feedback }: { title: string; feedback: Feedback | null }) {
  return (
    <li className="px-5 py-4">
      <h3 className="text-sm font-medium text-slate-600">{title}</h3>
      {feedback === null ? (
        <p className="mt-1 text-slate-600">Not left yet.</p>
      ) : (
        <div className="mt-1 flex gap-3">
          <RatingIcon rating={feedback.rating} />
          <div className="min-w-0">
            <p className="font-medium text-slate-900">{RATINGS[feedback.rating].label}</p>
            {/* The comment is shown as the words it is, never as markup. */}
            {feedback.comment && <p className="mt-1 whitespace-pre-line break-words text-slate-800">{feedback.comment}</p>}
            <p className="mt-1 text-sm text-slate-600">
              <UserLink id={feedback.from._id} name={feedback.from.name} className="font-medium text-slate-800" /> ·{' '}
              <time dateTime={feedback.createdAt}>{formatDateTime(feedback.createdAt)}</time>
            </p>
          </div>
        </div>
      )}
    </li>
  );
}

function RatingIcon({ rating }: { rating: FeedbackRating }) {
  const { Icon, tone } = RATINGS[rating];
  return <Icon aria-hidden="true" className={cn('mt-0.5 size-5 shrink-0', tone)} />;
}

function FeedbackForm({ orderId, otherName, onSent }: { orderId: string; otherName: string; onSent: () => void }) {
  const leave = useLeaveFeedback();
  const [rating, setRating] = useState<FeedbackRating | null>(null);
  const [comment, setComment] = useState('');
  const [ratingError, setRatingError] = useState<string | undefined>();
  const firstRadio = useRef<HTMLInputElement>(null);
  const errorId = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    if (rating === null) {
      setRatingError('Choose a rating.');
      firstRadio.current?.focus();
      return;
    }
    leave.mutate({ id: orderId, rating, comment }, { onSuccess: onSent });
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="mt-6 space-y-5 rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      aria-labelledby="feedback-form-title"
    >
      <h3 id="feedback-form-title" className="text-lg font-semibold text-slate-900">
        Leave feedback
      </h3>
      <fieldset aria-describedby={ratingError ? errorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-slate-800">How was trading with {otherName}?</legend>
        <div className="flex flex-wrap gap-2">
          {FEEDBACK_RATINGS.map((value, index) => {
            const { label, Icon, tone } = RATINGS[value];
            return (
              <label
                key={value}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-lg border px-3 py-2 text-sm font-medium text-slate-800',
                  'has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600',
                  ratingError ? 'border-red-600' : 'border-slate-300',
                )}
              >
                <input
                  ref={index === 0 ? firstRadio : undefined}
                  type="radio"
                  name="rating"
                  value={value}
                  checked={rating === value}
                  aria-invalid={ratingError ? true : undefined}
                  onChange={() => {
                    setRating(value);
                    setRatingError(undefined);
                  }}
                  className="size-4 accent-accent-700"
                />
                <Icon aria-hidden="true" className={cn('size-4', tone)} />
                {label}
              </label>
            );
          })}
        </div>
        {ratingError && (
          <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
            {ratingError}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Comment (optional)"
        name="comment"
        rows={3}
        maxLength={FEEDBACK_COMMENT_MAX}
        value={comment}
        onChange={(event) => setComment(event.target.value)}
        hint={`${comment.length} / ${FEEDBACK_COMMENT_MAX} characters`}
      />
      {leave.isError && <Banner tone="error">{errorMessage(leave.error, 'Your feedback was not saved. Please try again.')}</Banner>}
      <Button type="submit" loading={leave.isPending}>
        {leave.isPending ? 'Sending...' : 'Leave feedback'}
      </Button>
    </form>
  );
}
