import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../features/auth/auth-card';
import { ResetPasswordForm } from '../features/password-reset/reset-password-form';
import { paths } from '../lib/paths';

/** /reset-password?token=…: the page a reset mail links to. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
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
        {token ? (
          <ResetPasswordForm token={token} />
        ) : (
          <p className="text-sm text-slate-700">
            This link is incomplete. Open the link from the mail again, or{' '}
            <Link to={paths.forgotPassword} className="font-medium text-accent-700 hover:underline">
              ask for a new one
            </Link>
            .
          </p>
        )}
      </AuthCard>
    </>
  );
}
