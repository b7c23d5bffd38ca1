// An account's actions on /admin/users: Suspend (with the reason, which its login will show) or
// Reinstate, Make admin or Make user, and Delete, each confirmed in a dialog. The server decides every
// one; its refusal (an administrator cannot be suspended, a trade under way, a change that came first)
// shows in the dialog. One's own row has none: nobody changes their own account here; nor has a deleted one's.
import { ShieldCheck, ShieldMinus, Trash2, UserCheck, UserX } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { Button } from '../../components/button';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextAreaField } from '../../components/text-area-field';
import { DELETED_USER_NAME } from '../../../shared/account-deletion';
import { MODERATION_REASON_MAX, reasonProblem } from '../../../shared/moderation';
import { errorMessage } from '../../lib/errors';
import { useAuth } from '../auth/auth-context';
import { useDeleteUser, useSetUserRole, useSetUserStatus } from './api';
import type { AdminUser } from './types';

type Step = 'suspend' | 'reinstate' | 'promote' | 'demote' | 'delete';

const DIALOGS: Record<Step, { title: string; confirm: string; pending: string; tone: 'primary' | 'danger' }> = {
  suspend: { title: 'Suspend this account?', confirm: 'Suspend', pending: 'Suspending...', tone: 'danger' },
  reinstate: { title: 'Reinstate this account?', confirm: 'Reinstate', pending: 'Reinstating...', tone: 'primary' },
  promote: { title: 'Make this user an admin?', confirm: 'Make admin', pending: 'Saving...', tone: 'primary' },
  demote: { title: 'Make this admin a user?', confirm: 'Make user', pending: 'Saving...', tone: 'danger' },
  delete: { title: 'Delete this account?', confirm: 'Delete', pending: 'Deleting...', tone: 'danger' },
};

const DONE: Record<Step, (name: string) => string> = {
  suspend: (name) => `${name} was suspended.`,
  reinstate: (name) => `${name} was reinstated.`,
  promote: (name) => `${name} is now an admin.`,
  demote: (name) => `${name} is now a user.`,
  delete: (name) => `${name}'s account was deleted.`,
};

/** `stacked`: one button under the other, for the table's narrow last column. */
export function UserActions({ user, stacked = false }: { user: AdminUser; stacked?: boolean }) {
  const { user: me } = useAuth();
  const status = useSetUserStatus();
  const role = useSetUserRole();
  const deletion = useDeleteUser();
  const [step, setStep] = useState<Step | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const focusBack = useRef<HTMLElement | null>(null);
  const reasonId = useId();

  if (me?._id === user._id) return <span className="text-sm text-slate-500">You</span>;
  if (user.status === 'deleted') return <span className="text-sm text-slate-500">None</span>;

  function open(next: Step, event: MouseEvent<HTMLButtonElement>) {
    focusBack.current = event.currentTarget;
    setStep(next);
    setError(null);
    setReasonError(undefined);
    setReason('');
    setDone('');
  }

  function confirm() {
    if (!step) return;
    const handlers = {
      onSuccess: () => {
        setDone(DONE[step](user.name));
        setStep(null);
      },
      onError: (refusal: unknown) => setError(errorMessage(refusal, 'The change could not be made. Please try again.')),
    };
    if (step === 'suspend') {
      const problem = reasonProblem(reason);
      setReasonError(problem ?? undefined);
      if (problem) return;
      status.mutate({ id: user._id, status: 'suspended', reason: reason.trim() }, handlers);
    } else if (step === 'delete') {
      deletion.mutate({ id: user._id }, handlers);
    } else if (step === 'reinstate') {
      status.mutate({ id: user._id, status: 'active' }, handlers);
    } else {
      role.mutate({ id: user._id, role: step === 'promote' ? 'admin' : 'user' }, handlers);
    }
  }

  const suspended = user.status === 'suspended';
  const dialog = step ? DIALOGS[step] : DIALOGS.suspend;
  return (
    <div className={stacked ? 'flex flex-col items-start gap-2 [&>button]:whitespace-nowrap' : 'flex flex-wrap gap-2'}>
      {suspended ? (
        <Button
          size="sm"
          variant="secondary"
          aria-haspopup="dialog"
          aria-label={`Reinstate ${user.name}`}
          onClick={(event) => open('reinstate', event)}
          icon={<UserCheck aria-hidden="true" className="size-4" />}
        >
          Reinstate
        </Button>
      ) : (
        // An administrator is demoted before being suspended: the server says so, the button does not offer it.
        user.role === 'user' && (
          <Button
            size="sm"
            variant="secondary"
            aria-haspopup="dialog"
            aria-label={`Suspend ${user.name}`}
            onClick={(event) => open('suspend', event)}
            icon={<UserX aria-hidden="true" className="size-4" />}
          >
            Suspend
          </Button>
        )
      )}
      {user.role === 'user' ? (
        !suspended && (
          <Button
            size="sm"
            variant="secondary"
            aria-haspopup="dialog"
            aria-label={`Make admin ${user.name}`}
            onClick={(event) => open('promote', event)}
            icon={<ShieldCheck aria-hidden="true" className="size-4" />}
          >
            Make admin
          </Button>
        )
      ) : (
        <Button
          size="sm"
          variant="secondary"
          aria-haspopup="dialog"
          aria-label={`Make user ${user.name}`}
          onClick={(event) => open('demote', event)}
          icon={<ShieldMinus aria-hidden="true" className="size-4" />}
        >
          Make user
        </Button>
      )}
      {/* An administrator is made a user before being deleted, as before a suspension. */}
      {user.role === 'user' && (
        <Button
          size="sm"
          variant="secondary"
          aria-haspopup="dialog"
          aria-label={`Delete ${user.name}`}
          onClick={(event) => open('delete', event)}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
        >
          Delete
        </Button>
      )}
      <p role="status" className="sr-only">
        {done}
      </p>
      <ConfirmDialog
        open={step !== null}
        title={dialog.title}
        confirmLabel={dialog.confirm}
        pendingLabel={dialog.pending}
        dismissLabel="Keep as is"
        tone={dialog.tone}
        pending={status.isPending || role.isPending || deletion.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => setStep(null)}
        returnFocusTo={focusBack}
      >
        {step === 'suspend' ? (
          <>
            <p>
              {user.name} is signed out everywhere at once and cannot sign in; their open and scheduled auctions are cancelled, and their
              bidders and watchers are told.
            </p>
            <TextAreaField
              id={reasonId}
              className="mt-4"
              label="Reason"
              hint={`Shown to them when they try to sign in; at most ${MODERATION_REASON_MAX} characters.`}
              rows={3}
              maxLength={MODERATION_REASON_MAX}
              value={reason}
              error={reasonError}
              onChange={(event) => {
                setReason(event.target.value);
                setReasonError(undefined);
              }}
            />
          </>
        ) : step === 'delete' ? (
          <p>
            {user.name} is signed out everywhere and can never sign in again; their e-mail, password, photo and personal data are erased,
            and their auctions without bids are cancelled. Ended auctions, orders, messages and feedback stay, under ‘{DELETED_USER_NAME}’.
            Not possible while they have a trade under way.
          </p>
        ) : step === 'reinstate' ? (
          <p>{user.name} can sign in again. The auctions the suspension cancelled stay cancelled.</p>
        ) : step === 'promote' ? (
          <p>{user.name} sees the admin console from their next click, and can suspend users and cancel any auction.</p>
        ) : (
          <p>{user.name} loses the admin console from their next click.</p>
        )}
      </ConfirmDialog>
    </div>
  );
}
