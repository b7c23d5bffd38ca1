import { ShieldCheck } from 'lucide-react';
import { Link } from 'react-router-dom';
import { Card } from '../components/card';
import { PageHeader } from '../components/page-header';
import { PageSpinner } from '../components/spinner';
import { AccountSummary } from '../features/account/account-summary';
import { ChangePasswordForm } from '../features/account/change-password-form';
import { EmailNotifications } from '../features/account/email-notifications';
import { DeleteAccount } from '../features/account/delete-account';
import { YourData } from '../features/account/your-data';
import { useAuth } from '../features/auth/auth-context';
import { AddressConfirmation } from '../features/email-confirmation/address-confirmation';
import { SavedSearchList } from '../features/saved-searches/saved-search-list';
import { paths } from '../lib/paths';

/**
 * /profile (signed in): the avatar (upload, change, remove), name and email read-only, whether the
 * address is confirmed (and the link again), the e-mail switch, the change-password form, the
 * saved searches, the download of one's data and the deletion of the account.
 */
export function ProfilePage() {
  const { user } = useAuth();
  return (
    <>
      <title>Profile · Open Auction</title>
      <PageHeader title="Profile" description="Your photo, account details, e-mail, password, saved searches and your data." />
      {/* The route guard waits for the session; this only covers the moment after a sign-out elsewhere. */}
      {!user ? (
        <PageSpinner />
      ) : (
        <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
          <div className="space-y-6">
            <AccountSummary user={user} />
            <Card className="p-5 sm:p-6">
              <h2 className="text-lg font-semibold text-slate-900">E-mail</h2>
              <div className="mt-4 space-y-5">
                <AddressConfirmation email={user.email} />
                <div className="border-t border-slate-200 pt-5">
                  <EmailNotifications />
                </div>
              </div>
            </Card>
            <Link
              to={paths.privacy}
              className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 text-sm shadow-sm transition-colors hover:border-accent-300 hover:bg-accent-50"
            >
              <ShieldCheck aria-hidden="true" className="size-5 shrink-0 text-accent-700" />
              <span>
                <span className="block font-medium text-slate-900">Privacy &amp; Security</span>
                <span className="block text-slate-600">See where and when your account was used.</span>
              </span>
            </Link>
          </div>
          <div className="space-y-6">
            <Card className="p-5 sm:p-6">
              <h2 id="change-password-heading" className="text-lg font-semibold text-slate-900">
                Change password
              </h2>
              <p className="mt-1 text-sm text-slate-600">After a change, your other devices are signed out.</p>
              <div className="mt-5">
                <ChangePasswordForm />
              </div>
            </Card>
            <SavedSearchList />
            <YourData />
            <DeleteAccount />
          </div>
        </div>
      )}
    </>
  );
}
