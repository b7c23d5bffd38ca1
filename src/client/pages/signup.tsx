import { AuthCard } from '../features/auth/auth-card';
import { GuestOnly } from '../features/auth/guest-only';
import { LoginPrompt, SignupForm } from '../features/auth/signup-form';
import { returnPurpose, useReturnTo } from '../lib/return-to';

export function SignupPage() {
  const purpose = returnPurpose(useReturnTo());
  return (
    <GuestOnly>
      <title>Sign up · Open Auction</title>
      <AuthCard
        title="Create an Account"
        subtitle="Join free to bid on items and list your own."
        reason={purpose && `Create an account to ${purpose}.`}
        footer={<LoginPrompt />}
      >
        <SignupForm />
      </AuthCard>
    </GuestOnly>
  );
}
