// 'Mark shipped' asks for the parcel's tracking number, which the buyer is sent with the notice; it is
// optional (a letter may have none). A modal form: the focus starts in the field, Escape or a tap
// beside it closes it; the outcome shows where the button was.
import { useEffect, useId, useState, type RefObject } from 'react';
import { TRACKING_NUMBER_MAX } from '../../../shared/orders';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { cn } from '../../lib/cn';
import { useModalDialog } from '../../lib/use-modal-dialog';

interface ShipDialogProps {
  open: boolean;
  itemName: string;
  pending: boolean;
  onSubmit: (trackingNumber: string | null) => void;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

export function ShipDialog({ open, itemName, pending, onSubmit, onClose, returnFocusTo }: ShipDialogProps) {
  const titleId = useId();
  const [trackingNumber, setTrackingNumber] = useState('');
  const close = () => {
    if (!pending) onClose();
  };
  const { dialogRef, firstRef, onDialogClose, onDialogClick } = useModalDialog(open, close, returnFocusTo);
  // After the hook's own effect (which focuses the first button): the field is what the seller came for.
  useEffect(() => {
    if (open) dialogRef.current?.querySelector('input')?.focus();
  }, [open, dialogRef]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onDialogClose}
      onCancel={(event) => {
        if (pending) event.preventDefault();
      }}
      onClick={onDialogClick}
      className={cn(
        'fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-slate-900/50 p-4 backdrop:bg-transparent',
        'open:flex open:items-center open:justify-center',
      )}
    >
      <form
        className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl sm:p-6"
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(trackingNumber.trim() || null);
        }}
      >
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          Mark “{itemName}” shipped
        </h2>
        <p className="mt-2 text-slate-700">The buyer is told it is on its way, with the tracking number if you give one.</p>
        <TextField
          className="mt-4"
          label="Tracking number (optional)"
          name="trackingNumber"
          autoComplete="off"
          maxLength={TRACKING_NUMBER_MAX}
          value={trackingNumber}
          onChange={(event) => setTrackingNumber(event.target.value)}
        />
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={firstRef} variant="secondary" onClick={close} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" loading={pending}>
            {pending ? 'Saving...' : 'Mark shipped'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
