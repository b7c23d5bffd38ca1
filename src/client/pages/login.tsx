import { AuthCard } from '../features/auth/auth-card';
import { GuestOnly } from '../features/auth/guest-only';
import { LoginForm, SignupPrompt } from '../features/auth/login-form';
import { returnPurpose, useReturnTo } from '../lib/return-to';

export function LoginPage() {
  const purpose = returnPurpose(useReturnTo());
  return (
    <GuestOnly>
      <title>Log in · Open Auction</title>
      <AuthCard
        title="Log in"
        subtitle="Welcome back! Log in to bid and manage your auctions."
        reason={purpose && `Sign in to ${purpose}.`}
        footer={<SignupPrompt />}
      >
        <LoginForm />
      </AuthCard>
    </GuestOnly>
  );
}
