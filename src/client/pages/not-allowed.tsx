import { ShieldX } from 'lucide-react';
import { ButtonLink } from '../components/button';
import { EmptyState } from '../components/empty-state';
import { paths } from '../lib/paths';

export function NotAllowedPage() {
  return (
    <>
      <title>Not allowed · Open Auction</title>
      <EmptyState
        icon={ShieldX}
        title="You are not allowed to see this page"
        titleAs="h1"
        description="This area is for administrators only. If you think you should have access, ask an administrator."
        action={<ButtonLink to={paths.home}>Go to your dashboard</ButtonLink>}
        className="mx-auto max-w-xl"
      />
    </>
  );
}
