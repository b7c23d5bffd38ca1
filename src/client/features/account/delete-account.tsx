// "Delete my account" on /profile: a danger section beside "Your data". The password is asked in a
// confirm dialog; the server's refusal (a wrong password, a trade still under way) shows inside it. Once
// deleted, this tab signs out and goes to the home page, which says so.
import { Trash2 } from 'lucide-react';
import { useId, useRef, useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DELETED_USER_NAME, DELETION_WORDS } from '../../../shared/account-deletion';
import { Button } from '../../components/button';
import { Card } from '../../components/card';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { paths } from '../../lib/paths';
import { useAuth } from '../auth/auth-context';
import { useDeleteAccount } from './api';

/** What the home page shows after a deletion, handed over in the navigation's state. */
export interface HomeNotice {
  notice?: string;
}

export function DeleteAccount() {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const deletion = useDeleteAccount();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const focusBack = useRef<HTMLElement | null>(null);
  const passwordId = useId();

  function start(event: MouseEvent<HTMLButtonElement>) {
    focusBack.current = event.currentTarget;
    setPassword('');
    setPasswordError(undefined);
    setError(null);
    setOpen(true);
  }

  function confirm() {
    if (!password) {
      setPasswordError(DELETION_WORDS.passwordMissing);
      return;
    }
    setError(null);
    deletion.mutate(
      { password },
      {
        onSuccess: ({ message }) => {
          // Home first, with the message: were the user forgotten first, /profile's guard would send the tab
          // to the login page. The server ended the session and cleared its cookie; this tab forgets the user too.
          void navigate(paths.home, { replace: true, state: { notice: message } satisfies HomeNotice });
          void logout();
        },
        onError: (refusal) => setError(errorMessage(refusal, 'Your account could not be deleted. Please try again.')),
      },
    );
  }

  return (
    <Card className="border-red-200 p-5 sm:p-6">
      <h2 className="text-lg font-semibold text-red-800">Delete my account</h2>
      <p className="mt-1 text-sm text-slate-600">
        Your e-mail, password, photo, sign-ins, notifications, watchlist and saved searches are erased, and you cannot sign in again. Your
        auctions without bids are cancelled and your bids leave open auctions. Ended auctions, orders, messages and feedback stay for the
        other party, under ‘{DELETED_USER_NAME}’.
      </p>
      <p className="mt-2 text-sm text-slate-600">
        Not possible while you sell an auction with bids, lead an auction, or have an order not yet received or cancelled.
      </p>
      <div className="mt-4">
        <Button variant="danger" aria-haspopup="dialog" onClick={start} icon={<Trash2 aria-hidden="true" className="size-4" />}>
          Delete my account
        </Button>
      </div>
      <ConfirmDialog
        open={open}
        title="Delete your account?"
        confirmLabel="Delete my account"
        pendingLabel="Deleting..."
        dismissLabel="Keep my account"
        tone="danger"
        pending={deletion.isPending}
        error={error}
        onConfirm={confirm}
        onClose={() => setOpen(false)}
        returnFocusTo={focusBack}
      >
        <p>This cannot be undone. Enter your password to confirm.</p>
        <TextField
          id={passwordId}
          className="mt-4"
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          error={passwordError}
          onChange={(event) => {
            setPassword(event.target.value);
            setPasswordError(undefined);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              confirm();
            }
          }}
        />
      </ConfirmDialog>
    </Card>
  );
}
