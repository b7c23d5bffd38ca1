// On a sold auction's page, for its buyer and its seller (the only ones the server gives the order's
// id): the way to the order, in the words of what each is there to do.
import { Receipt } from 'lucide-react';
import { ButtonLink } from '../../components/button';
import { paths } from '../../lib/paths';

export function OrderLink({ orderId, buyer }: { orderId: string | undefined; buyer: boolean }) {
  if (orderId === undefined) return null;
  return (
    <ButtonLink
      to={paths.order(orderId)}
      variant="secondary"
      fullWidth
      className="mt-4"
      icon={<Receipt aria-hidden="true" className="size-4" />}
    >
      {buyer ? 'Pay and track your order' : 'View the order'}
    </ButtonLink>
  );
}
