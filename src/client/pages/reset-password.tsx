import { Link, useSearchParams } from 'react-router-dom';
import { Banner } from '../components/banner';
import { Spinner } from '../components/spinner';
import { AuthCard } from '../features/auth/auth-card';
import { useResetTokenCheck } from '../features/password-reset/api';
import { ResetPasswordForm } from '../features/password-reset/reset-password-form';
import { errorMessage } from '../lib/errors';
import { paths } from '../lib/paths';

const askForNewLink = (
  <Link to={paths.forgotPassword} className="font-medium text-accent-700 hover:underline">
    ask for a new one
  </Link>
);

/** /reset-password?token=…: the page a reset mail links to. The form shows only for a link that can still work. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const check = useResetTokenCheck(token);
  return (
    <>
      <title>Choose a new password · Open Auction</title>
      <AuthCard
        title="Choose a new password"
        subtitle="After the change, every device signed in to your account is signed out."
        footer={
          <Link to={paths.login} className="font-medium text-accent-700 hover:underline">
            Back to log in
          </Link>
        }
      >
        {!token ? (
          <p className="text-sm text-slate-700">This link is incomplete. Open the link from the mail again, or {askForNewLink}.</p>
        ) : check.isPending ? (
          <div className="flex justify-center py-6">
            <Spinner label="Checking your link…" showLabel />
          </div>
        ) : check.isSuccess && check.data.valid ? (
          <ResetPasswordForm token={token} />
        ) : (
          <div className="space-y-4">
            <Banner tone="error">
              {check.isError
                ? errorMessage(check.error, 'The link could not be checked. Please try again in a moment.')
                : 'This reset link is invalid or expired: it may have been used already, be more than an hour old, or the password may have been changed since.'}
            </Banner>
            <p className="text-sm text-slate-700">A link works once, within an hour. You can {askForNewLink}.</p>
          </div>
        )}
      </AuthCard>
    </>
  );
}
