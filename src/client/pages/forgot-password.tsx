import { Link } from 'react-router-dom';
import { RESET_NEEDS_EMAIL_MESSAGE } from '../../shared/constants';
import { Skeleton } from '../components/skeleton';
import { AuthCard } from '../features/auth/auth-card';
import { usePasswordResetAvailable } from '../features/password-reset/api';
import { ForgotPasswordForm } from '../features/password-reset/forgot-password-form';
import { paths } from '../lib/paths';

const backToLogin = (
  <Link to={paths.login} className="font-medium text-accent-700 hover:underline">
    Back to log in
  </Link>
);

/** /forgot-password: a reset link by mail, or, on a site that sends no mail, whom to ask instead. */
export function ForgotPasswordPage() {
  const availability = usePasswordResetAvailable();
  return (
    <>
      <title>Forgot your password? · Open Auction</title>
      <AuthCard
        title="Forgot your password?"
        subtitle={
          availability.data?.available === false
            ? 'This site cannot mail you a reset link.'
            : 'We will mail you a link to choose a new one.'
        }
        footer={backToLogin}
      >
        {availability.isPending ? (
          <div aria-busy="true" aria-label="Loading…" className="space-y-3">
            <Skeleton className="h-10" />
            <Skeleton className="h-10" />
          </div>
        ) : availability.data?.available === false ? (
          <div className="space-y-3 text-sm text-slate-700">
            <p>{RESET_NEEDS_EMAIL_MESSAGE}</p>
            <p>
              You can reach them through the{' '}
              <Link to={paths.contact} className="font-medium text-accent-700 hover:underline">
                contact page
              </Link>
              .
            </p>
          </div>
        ) : (
          <ForgotPasswordForm />
        )}
      </AuthCard>
    </>
  );
}
