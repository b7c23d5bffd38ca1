import type { AuctionStatus } from '../../../shared/constants';
import { Badge } from '../../components/badge';

/** 'Active' is for open auctions only: before its start an auction is 'Scheduled'. */
export function AuctionStatusBadge({ status }: { status: AuctionStatus }) {
  if (status === 'open') return <Badge tone="success">Active</Badge>;
  if (status === 'cancelled') return <Badge tone="muted">Cancelled</Badge>;
  return status === 'scheduled' ? <Badge tone="neutral">Scheduled</Badge> : <Badge tone="muted">Ended</Badge>;
}
