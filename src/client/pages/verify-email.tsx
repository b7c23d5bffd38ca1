// /verify-email?token=…: the page the confirmation mail links to. It confirms on arrival, then says
// how it went; a link that cannot work comes with a way to a new one.
import { Link, useSearchParams } from 'react-router-dom';
import { Banner } from '../components/banner';
import { ButtonLink } from '../components/button';
import { Spinner } from '../components/spinner';
import { AuthCard } from '../features/auth/auth-card';
import { useAuth } from '../features/auth/auth-context';
import { useVerifyEmail } from '../features/email-confirmation/api';
import { SendLinkButton } from '../features/email-confirmation/send-link-button';
import { httpStatusOf } from '../lib/query-client';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';
import { withReturnTo } from '../lib/return-to';

export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const verify = useVerifyEmail(token);
  const { user } = useAuth();

  return (
    <>
      <title>Confirm your email address · Open Auction</title>
      <AuthCard
        title="Confirm your email address"
        subtitle="Once it is confirmed, your notices also arrive by mail."
        footer={
          <Link to={user ? paths.home : paths.login} className="font-medium text-accent-700 hover:underline">
            {user ? 'Back to the dashboard' : 'Go to log in'}
          </Link>
        }
      >
        {!token ? (
          <Failed message="This link is incomplete. Open the link from the mail again, or ask for a new one." signedIn={user !== null} />
        ) : verify.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Confirming your address…" showLabel />
          </div>
        ) : verify.isSuccess ? (
          <div className="space-y-5">
            <Banner tone="success">{verify.data.message}</Banner>
            <ButtonLink to={user ? paths.profile : paths.login} fullWidth>
              {user ? 'Go to your profile' : 'Log in'}
            </ButtonLink>
          </div>
        ) : (
          <Failed
            message={
              // 400 is the link itself; anything else (too many tries, no connection) is worth another go later.
              httpStatusOf(verify.error) === 400
                ? 'This confirmation link is invalid or expired: it may have been used already, or be more than 24 hours old.'
                : errorMessage(verify.error, 'The link could not be checked. Please try again in a moment.')
            }
            signedIn={user !== null}
          />
        )}
      </AuthCard>
    </>
  );
}

/** Why the address was not confirmed, and the way to a new link: on /profile, signed in. */
function Failed({ message, signedIn }: { message: string; signedIn: boolean }) {
  return (
    <div className="space-y-5">
      <Banner tone="error">{message}</Banner>
      {signedIn ? (
        <div className="space-y-2 text-sm text-slate-700">
          <p>We can mail you a new link, which works for 24 hours.</p>
          <SendLinkButton label="Send me a new link" />
        </div>
      ) : (
        <p className="text-sm text-slate-700">
          To get a new link,{' '}
          <Link to={withReturnTo(paths.login, paths.profile)} className="font-medium text-accent-700 hover:underline">
            log in
          </Link>{' '}
          and ask for one on your profile.
        </p>
      )}
    </div>
  );
}
