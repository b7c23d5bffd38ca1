// 'Report this listing' on an auction's page, for anyone signed in but its seller: a modal with the
// reasons in words, the details with their count, the server's refusals in words, and the thanks once
// sent. Someone who reported the listing already reads that instead of the button.
import { Flag, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { REPORT_DETAILS_MAX, REPORT_REASON_WORDS, REPORT_REASONS, REPORT_WORDS, type ReportReason } from '../../../shared/reports';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { Skeleton } from '../../components/skeleton';
import { TextAreaField } from '../../components/text-area-field';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useModalDialog } from '../../lib/use-modal-dialog';
import type { Auction } from '../auctions/types';
import { useAuth } from '../auth/auth-context';
import { useMyReport, useReportListing } from './api';

export function ReportListing({ auction }: { auction: Pick<Auction, '_id' | 'itemName' | 'seller'> }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  const others = !!user && user._id !== auction.seller._id;
  const mine = useMyReport(auction._id, others);
  const reported = mine.data?.report;
  // The report just sent replaces the button the focus would go back to: it goes to what says so instead.
  const statusRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (!open && reported && (document.activeElement === document.body || document.activeElement === null)) statusRef.current?.focus();
  }, [open, reported]);
  if (!others) return null;
  // The button's place while the page learns whether this viewer reported the listing already.
  if (mine.isPending) return <Skeleton className="mt-3 h-11 w-44 rounded-lg" />;
  return (
    <>
      {reported && !open ? (
        <p ref={statusRef} tabIndex={-1} className="mt-3 flex items-start gap-2 text-sm text-slate-700 focus:outline-none">
          <Flag aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-slate-500" />
          <span>
            You reported this listing as {REPORT_REASON_WORDS[reported.reason].label.toLowerCase()} on{' '}
            <time dateTime={reported.createdAt}>{formatDateTime(reported.createdAt)}</time>. The moderators will look at it.
          </span>
        </p>
      ) : (
        <Button
          ref={opener}
          variant="ghost"
          className="mt-3"
          icon={<Flag aria-hidden="true" className="size-4" />}
          onClick={() => setOpen(true)}
        >
          Report this listing
        </Button>
      )}
      {/* Mounted while open: each opening starts from an empty form. */}
      {open && <ReportDialog auction={auction} onClose={() => setOpen(false)} returnFocusTo={opener} />}
    </>
  );
}

interface ReportDialogProps {
  auction: Pick<Auction, '_id' | 'itemName'>;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

function ReportDialog({ auction, onClose, returnFocusTo }: ReportDialogProps) {
  const titleId = useId();
  const reasonErrorId = useId();
  const report = useReportListing(auction._id);
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<{ reason?: string; details?: string }>({});
  const firstRadio = useRef<HTMLInputElement>(null);
  const detailsId = useId();
  const { dialogRef, firstRef, onDialogClose } = useModalDialog(true, onClose, returnFocusTo);
  const close = () => dialogRef.current?.close();
  // Once sent, the focus moves to the thanks and its way out, not lost with the form.
  const doneRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (report.isSuccess) doneRef.current?.focus();
  }, [report.isSuccess]);

  const length = details.trim().length;
  function submit(event: FormEvent) {
    event.preventDefault();
    if (report.isPending) return;
    // The quick check, from the shared words and limit; the server checks again.
    const found: typeof errors = {};
    if (reason === null) found.reason = 'Choose a reason.';
    if (reason === 'other' && length === 0) found.details = REPORT_WORDS.detailsRequired;
    if (length > REPORT_DETAILS_MAX) found.details = `Details can be at most ${REPORT_DETAILS_MAX.toLocaleString('en-US')} characters.`;
    setErrors(found);
    if (found.reason) return firstRadio.current?.focus();
    if (found.details) return document.getElementById(detailsId)?.focus();
    if (reason !== null) report.mutate({ auctionId: auction._id, reason, details });
  }

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onDialogClose}
      onClick={(event) => event.target === event.currentTarget && !report.isPending && close()}
      onCancel={(event) => {
        if (report.isPending) event.preventDefault();
      }}
      className={cn(
        'fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-slate-900/50 p-4 backdrop:bg-transparent',
        'open:flex open:items-center open:justify-center',
      )}
    >
      <div className="max-h-full w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Report this listing
          </h2>
          <button
            ref={firstRef}
            type="button"
            onClick={close}
            disabled={report.isPending}
            aria-label="Close"
            className="-mt-1 -mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p className="mt-1 text-sm break-words text-slate-600">
          “{auction.itemName}”. Only the moderators see your report; the seller is not told who sent it.
        </p>
        {report.isSuccess ? (
          <div className="mt-4 space-y-4">
            <Banner tone="success">{REPORT_WORDS.received}</Banner>
            <div className="flex justify-end">
              <Button ref={doneRef} variant="secondary" onClick={close}>
                Close
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            {report.isError && (
              <Banner tone="error">{errorMessage(report.error, 'Your report could not be sent. Please try again.')}</Banner>
            )}
            <fieldset aria-describedby={errors.reason ? reasonErrorId : undefined}>
              <legend className="mb-2 text-sm font-medium text-slate-800">What is wrong with it?</legend>
              <div className="space-y-2">
                {REPORT_REASONS.map((value, index) => (
                  <label
                    key={value}
                    className={cn(
                      'flex cursor-pointer items-start gap-3 rounded-lg border px-3 py-2.5',
                      'has-[:checked]:border-accent-600 has-[:checked]:bg-accent-50 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-600',
                      errors.reason ? 'border-red-600' : 'border-slate-300',
                    )}
                  >
                    <input
                      ref={index === 0 ? firstRadio : undefined}
                      type="radio"
                      name="reason"
                      value={value}
                      checked={reason === value}
                      aria-invalid={errors.reason ? true : undefined}
                      onChange={() => {
                        setReason(value);
                        // Whether details are needed follows the reason: a new reason starts both checks afresh.
                        setErrors({});
                      }}
                      className="mt-0.5 size-4 shrink-0 accent-accent-700"
                    />
                    <span className="min-w-0">
                      <span className="block text-sm font-medium text-slate-900">{REPORT_REASON_WORDS[value].label}</span>
                      <span className="block text-sm text-slate-600">{REPORT_REASON_WORDS[value].hint}</span>
                    </span>
                  </label>
                ))}
              </div>
              {errors.reason && (
                <p id={reasonErrorId} className="mt-1.5 text-sm font-medium text-red-700">
                  {errors.reason}
                </p>
              )}
            </fieldset>
            <TextAreaField
              id={detailsId}
              label={reason === 'other' ? 'Details' : 'Details (optional)'}
              name="details"
              rows={4}
              // Room past the limit, so that an over-long paste shows the count and the check's words rather than being cut.
              maxLength={REPORT_DETAILS_MAX + 500}
              value={details}
              error={errors.details}
              onChange={(event) => {
                setDetails(event.target.value);
                setErrors((was) => ({ ...was, details: undefined }));
              }}
              hint={`${length.toLocaleString('en-US')} / ${REPORT_DETAILS_MAX.toLocaleString('en-US')} characters`}
            />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={close} disabled={report.isPending}>
                Cancel
              </Button>
              <Button type="submit" loading={report.isPending}>
                {report.isPending ? 'Sending…' : 'Send report'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
