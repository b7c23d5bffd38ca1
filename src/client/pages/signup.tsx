import { AuthCard } from '../features/auth/auth-card';
import { GuestOnly } from '../features/auth/guest-only';
import { LoginPrompt, SignupForm } from '../features/auth/signup-form';

export function SignupPage() {
  return (
    <GuestOnly>
      <title>Sign up · Open Auction</title>
      <AuthCard title="Create an Account" subtitle="Join free to bid on items and list your own." footer={<LoginPrompt />}>
        <SignupForm />
      </AuthCard>
    </GuestOnly>
  );
}
