import { AuthCard } from '../features/auth/auth-card';
import { GuestOnly } from '../features/auth/guest-only';
import { LoginForm, SignupPrompt } from '../features/auth/login-form';

export function LoginPage() {
  return (
    <GuestOnly>
      <title>Log in · Open Auction</title>
      <AuthCard title="Log in" subtitle="Welcome back! Log in to bid and manage your auctions." footer={<SignupPrompt />}>
        <LoginForm />
      </AuthCard>
    </GuestOnly>
  );
}
