import { useRef } from 'react';
import { AuthCard } from '../features/auth/auth-card';
import { DemoAccounts } from '../features/auth/demo-accounts';
import { GuestOnly } from '../features/auth/guest-only';
import { LoginForm, SignupPrompt, type LoginFormHandle } from '../features/auth/login-form';
import { returnPurpose, useReturnTo } from '../lib/return-to';

export function LoginPage() {
  const purpose = returnPurpose(useReturnTo());
  const form = useRef<LoginFormHandle>(null);
  return (
    <GuestOnly>
      <title>Log in · Open Auction</title>
      <AuthCard
        title="Log in"
        subtitle="Welcome back! Log in to bid and manage your auctions."
        reason={purpose && `Sign in to ${purpose}.`}
        footer={<SignupPrompt />}
      >
        <LoginForm ref={form} />
      </AuthCard>
      {/* Below everything else: when it comes (in development only), nothing above it moves. */}
      <div className="mx-auto w-full max-w-md pb-4">
        <DemoAccounts onPick={(account) => form.current?.fill(account.email, account.password)} />
      </div>
    </GuestOnly>
  );
}
