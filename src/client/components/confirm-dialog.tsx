// A modal question before an action that cannot be undone (buying, cancelling): the focus starts on
// the way out, so a stray Enter does nothing costly; Escape or a tap beside the panel closes it; the
// server's refusal shows inside, and the dialog stays open while the request is on its way.
import { useId, type ReactNode, type RefObject } from 'react';
import { cn } from '../lib/cn';
import { useModalDialog } from '../lib/use-modal-dialog';
import { Banner } from './banner';
import { Button } from './button';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** What will happen, in a sentence or two. */
  children: ReactNode;
  confirmLabel: string;
  /** The confirm button's words while the request is pending ('Buying...'). */
  pendingLabel: string;
  dismissLabel: string;
  tone?: 'primary' | 'danger';
  pending: boolean;
  /** A refusal to show inside, when the dialog stays open after one. */
  error?: string | null;
  onConfirm: () => void;
  onClose: () => void;
  /** Where the focus goes when the dialog closes: the opener, or what replaced it. */
  returnFocusTo: RefObject<HTMLElement | null>;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pendingLabel,
  dismissLabel,
  tone = 'primary',
  pending,
  error = null,
  onConfirm,
  onClose,
  returnFocusTo,
}: ConfirmDialogProps) {
  const titleId = useId();
  const bodyId = useId();
  // While the request is pending, closing would hide its outcome: Escape and a tap beside wait too.
  const close = () => {
    if (!pending) onClose();
  };
  const { dialogRef, firstRef, onDialogClose, onDialogClick } = useModalDialog(open, close, returnFocusTo);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
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
      <div className="w-full max-w-md rounded-2xl bg-white p-5 shadow-xl sm:p-6">
        <h2 id={titleId} className="text-lg font-semibold text-slate-900">
          {title}
        </h2>
        <div id={bodyId} className="mt-2 text-slate-700">
          {children}
        </div>
        {error && (
          <Banner tone="error" className="mt-4">
            {error}
          </Banner>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={firstRef} variant="secondary" onClick={close} disabled={pending}>
            {dismissLabel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'primary'} loading={pending} onClick={onConfirm}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
