// Dismissing an open report: a button, then a confirmation with an optional note for the record; the
// server's refusal (another moderator came first) shows inside the dialog.
import { Check } from 'lucide-react';
import { useRef, useState, type RefObject } from 'react';
import { REPORT_NOTE_MAX } from '../../../shared/reports';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/text-area-field';
import { errorMessage } from '../../lib/errors';
import { useResolveReport } from './api';
import type { Report } from './report-card';

interface DismissReportProps {
  report: Report;
  /** Told once the report is dismissed, with words for the page to announce. */
  onDismissed: (message: string) => void;
  /** Where the focus goes once it is dismissed, as the report's card leaves the list. */
  afterwards: RefObject<HTMLElement | null>;
}

export function DismissReport({ report, onDismissed, afterwards }: DismissReportProps) {
  const resolve = useResolveReport();
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const opener = useRef<HTMLButtonElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const tooLong = note.trim().length > REPORT_NOTE_MAX;

  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        icon={<Check aria-hidden="true" className="size-4" />}
        onClick={() => {
          returnTo.current = opener.current;
          resolve.reset();
          setOpen(true);
        }}
      >
        Dismiss
      </Button>
      <ConfirmDialog
        open={open}
        title="Dismiss this report?"
        confirmLabel="Dismiss report"
        pendingLabel="Dismissing…"
        dismissLabel="Keep it open"
        pending={resolve.isPending}
        error={
          tooLong
            ? `A note can be at most ${REPORT_NOTE_MAX} characters.`
            : resolve.isError
              ? errorMessage(resolve.error, 'The report could not be dismissed. Please try again.')
              : null
        }
        onConfirm={() => {
          if (tooLong) return;
          resolve.mutate(
            { id: report._id, action: 'dismiss', note },
            {
              onSuccess: () => {
                returnTo.current = afterwards.current;
                setOpen(false);
                onDismissed(`The report on “${report.auction.itemName}” was dismissed.`);
              },
            },
          );
        }}
        onClose={() => setOpen(false)}
        returnFocusTo={returnTo}
      >
        <p>The listing “{report.auction.itemName}” stays up, and the report moves to Resolved. Nobody is told.</p>
        <TextAreaField
          className="mt-4"
          label="Note (optional)"
          name="note"
          rows={3}
          maxLength={REPORT_NOTE_MAX + 200}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          hint={`Why it was dismissed, for the other moderators. ${note.trim().length} / ${REPORT_NOTE_MAX} characters`}
        />
      </ConfirmDialog>
    </>
  );
}
