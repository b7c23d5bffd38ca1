// 'Ask the seller a question' on an auction's page, for anyone signed in but its seller (who answers
// from the messages page), while the auction is scheduled, open or ended: a modal with the question's
// box; once sent, a link to the conversation it began.
import { MessageCircleQuestion, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import type { AuctionStatus } from '../../../shared/constants';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useModalDialog } from '../../lib/use-modal-dialog';
import type { Auction } from '../auctions/types';
import { useAuth } from '../auth/auth-context';
import { useSendMessage } from './api';
import { MessageCounter, MessageField, useMessageDraft } from './message-checks';

const ASKABLE: AuctionStatus[] = ['scheduled', 'open', 'ended'];

export function AskSeller({ auction, status }: { auction: Pick<Auction, '_id' | 'itemName' | 'seller'>; status: AuctionStatus }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLButtonElement>(null);
  if (!user || user._id === auction.seller._id || !ASKABLE.includes(status)) return null;
  return (
    <>
      <Button
        ref={opener}
        variant="secondary"
        className="mt-4"
        icon={<MessageCircleQuestion aria-hidden="true" className="size-4" />}
        onClick={() => setOpen(true)}
      >
        Ask the seller a question
      </Button>
      {/* Mounted while open: each opening starts from an empty box. */}
      {open && <AskDialog auction={auction} onClose={() => setOpen(false)} returnFocusTo={opener} />}
    </>
  );
}

interface AskDialogProps {
  auction: Pick<Auction, '_id' | 'itemName' | 'seller'>;
  onClose: () => void;
  returnFocusTo: RefObject<HTMLElement | null>;
}

function AskDialog({ auction, onClose, returnFocusTo }: AskDialogProps) {
  const titleId = useId();
  const send = useSendMessage(auction._id, undefined);
  const draft = useMessageDraft((body) => send.mutate({ auctionId: auction._id, body }), send.isPending);
  const { dialogRef, firstRef, onDialogClose } = useModalDialog(true, onClose, returnFocusTo);
  // Closed through the dialog itself, as Escape does, so the focus goes back to the opener either way.
  const close = () => dialogRef.current?.close();
  // The form goes once the question is sent: the focus moves to the way on, not lost on the page.
  const sentLink = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    if (send.isSuccess) sentLink.current?.focus();
  }, [send.isSuccess]);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      onClose={onDialogClose}
      // The dialog fills the screen: a click on it, not on its panel, is a tap beside the panel.
      onClick={(event) => event.target === event.currentTarget && close()}
      className={cn(
        'fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none bg-slate-900/50 p-4 backdrop:bg-transparent',
        'open:flex open:items-center open:justify-center',
      )}
    >
      <div className="max-h-full w-full max-w-lg overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            Ask the seller a question
          </h2>
          <button
            ref={firstRef}
            type="button"
            onClick={close}
            aria-label="Close"
            className="-mr-2 -mt-1 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <X aria-hidden="true" className="size-5" />
          </button>
        </div>
        <p className="mt-1 text-sm break-words text-slate-600">About “{auction.itemName}”. Only the seller will see it.</p>
        {send.isSuccess ? (
          <div className="mt-4 space-y-4">
            <Banner tone="success">
              Your question was sent.{' '}
              <Link
                ref={sentLink}
                to={paths.conversation(auction._id, auction.seller._id)}
                className="font-medium underline underline-offset-2"
              >
                See the conversation in Messages
              </Link>
            </Banner>
            <div className="flex justify-end">
              <Button variant="secondary" onClick={close}>
                Close
              </Button>
            </div>
          </div>
        ) : (
          <form onSubmit={draft.submit} noValidate className="mt-4 space-y-3">
            {send.isError && <Banner tone="error">{errorMessage(send.error, 'Your question could not be sent. Please try again.')}</Banner>}
            <MessageField draft={draft} label="Your question" rows={5} />
            <div className="flex flex-col-reverse gap-3 sm:flex-row sm:items-center sm:justify-end">
              <MessageCounter body={draft.body} />
              <Button variant="secondary" onClick={close} disabled={send.isPending} className="sm:ml-auto">
                Cancel
              </Button>
              <Button type="submit" loading={send.isPending}>
                {send.isPending ? 'Sending…' : 'Send question'}
              </Button>
            </div>
          </form>
        )}
      </div>
    </dialog>
  );
}
