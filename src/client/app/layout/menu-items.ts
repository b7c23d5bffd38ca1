// The side menu's entries per audience (docs/rules/screens.md#menus); Sign out is added by the menu itself.
import {
  Flag,
  Gavel,
  House,
  Info,
  LayoutDashboard,
  Mail,
  MessagesSquare,
  Package,
  Receipt,
  Scale,
  ScrollText,
  ShieldCheck,
  ShieldUser,
  SquarePlus,
  Star,
  TicketCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import type { ActivityKind } from '../../features/messages/activity-count';
import { paths } from '../../lib/paths';

interface MenuItem {
  label: string;
  to: string;
  icon: LucideIcon;
}

export const guestMenu: MenuItem[] = [
  { label: 'Home', to: paths.home, icon: House },
  { label: 'About', to: paths.about, icon: Info },
  { label: 'Contact', to: paths.contact, icon: Mail },
  { label: 'Legal', to: paths.legal, icon: Scale },
];

export const userMenu: MenuItem[] = [
  { label: 'Dashboard', to: paths.home, icon: LayoutDashboard },
  { label: 'Create Auction', to: paths.createAuction, icon: SquarePlus },
  { label: 'View Auction', to: paths.auctions, icon: Gavel },
  { label: 'My Auction', to: paths.myAuctions, icon: Package },
  { label: 'My Bids', to: paths.myBids, icon: TicketCheck },
  { label: 'Watchlist', to: paths.watchlist, icon: Star },
  { label: 'Orders', to: paths.orders, icon: Receipt },
  { label: 'Messages', to: paths.messages, icon: MessagesSquare },
  { label: 'Contact', to: paths.contact, icon: Mail },
  { label: 'Profile', to: paths.profile, icon: UserRound },
  { label: 'Privacy', to: paths.privacy, icon: ShieldCheck },
];

export const adminMenu: MenuItem[] = [
  { label: 'Admin Panel', to: paths.admin, icon: ShieldUser },
  { label: 'Reports', to: paths.adminReports, icon: Flag },
  { label: 'Audit log', to: paths.adminAudit, icon: ScrollText },
  { label: 'Dashboard', to: paths.home, icon: LayoutDashboard },
  { label: 'Create Auction', to: paths.createAuction, icon: SquarePlus },
  { label: 'View Auction', to: paths.auctions, icon: Gavel },
  { label: 'My Bids', to: paths.myBids, icon: TicketCheck },
  { label: 'Watchlist', to: paths.watchlist, icon: Star },
  { label: 'Orders', to: paths.orders, icon: Receipt },
  { label: 'Messages', to: paths.messages, icon: MessagesSquare },
];

/**
 * The entries that carry a count of what waits for the user, by where they lead: unread messages,
 * and orders where it is their turn (whichever menu lists the orders' page gets its count).
 */
export const menuCounts: Partial<Record<string, ActivityKind>> = { [paths.messages]: 'messages', [paths.orders]: 'orders' };
