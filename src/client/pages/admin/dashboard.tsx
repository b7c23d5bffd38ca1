import { ArrowRight, Flag, Gavel, Layers, Mail, ScrollText, UserPlus, Users, type LucideIcon } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Banner } from '../../components/banner';
import { ButtonLink } from '../../components/button';
import { Card } from '../../components/card';
import { EmptyState } from '../../components/empty-state';
import { PageHeader } from '../../components/page-header';
import { AdminTable, SkeletonRows, Td, Th } from '../../features/admin/admin-table';
import { useAdminDashboard } from '../../features/admin/api';
import { formatAdminDate } from '../../features/admin/format';
import { RoleBadge, StatusBadge } from '../../features/admin/role-badge';
import { StatCard } from '../../features/admin/stat-card';
import { UserIdentity } from '../../features/admin/user-avatar';
import { AuctionGrid, AuctionGridSkeleton } from '../../features/auctions/auction-grid';
import { paths } from '../../lib/paths';

/** /admin: system counters, the newest active auctions and the ten newest sign-ups. */
export function AdminDashboardPage() {
  const dashboard = useAdminDashboard();
  const { isError } = dashboard;

  useEffect(() => {
    if (isError) console.error('Failed to load admin data');
  }, [isError]);

  const stats = dashboard.data?.stats;
  const loading = dashboard.isPending;
  const counters: Array<{ label: string; value: number | undefined; icon: LucideIcon; tone: string }> = [
    { label: 'Active Auctions', value: stats?.activeAuctions, icon: Gavel, tone: 'bg-green-50 text-green-700' },
    { label: 'Total Auctions', value: stats?.totalAuctions, icon: Layers, tone: 'bg-accent-50 text-accent-700' },
    { label: 'Total Users', value: stats?.totalUsers, icon: Users, tone: 'bg-purple-50 text-purple-700' },
    { label: 'Recent Signups', value: stats?.recentUsers, icon: UserPlus, tone: 'bg-amber-50 text-amber-700' },
    { label: 'Open Reports', value: stats?.openReports, icon: Flag, tone: 'bg-red-50 text-red-700' },
  ];
  const users = dashboard.data?.recentUsersList ?? [];

  return (
    <>
      <title>Admin Dashboard · Open Auction</title>
      <PageHeader
        title="Admin Dashboard"
        description="Manage auctions, users, and monitor system activity"
        actions={
          <>
            <ButtonLink to={paths.adminReports} variant="secondary" icon={<Flag aria-hidden="true" className="size-4" />}>
              Reports
            </ButtonLink>
            <ButtonLink to={paths.adminMessages} variant="secondary" icon={<Mail aria-hidden="true" className="size-4" />}>
              Messages
            </ButtonLink>
            <ButtonLink to={paths.adminUsers} variant="secondary" icon={<Users aria-hidden="true" className="size-4" />}>
              Users
            </ButtonLink>
            <ButtonLink to={paths.adminAudit} variant="secondary" icon={<ScrollText aria-hidden="true" className="size-4" />}>
              Audit log
            </ButtonLink>
          </>
        }
      />
      {isError ? (
        <Banner tone="error">Failed to load dashboard data</Banner>
      ) : (
        <>
          <dl aria-label="System statistics" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 xl:grid-cols-5">
            {counters.map((counter) => (
              <StatCard key={counter.label} {...counter} loading={loading} />
            ))}
          </dl>

          <Section id="recent-auctions" title="Recent Active Auctions" moreLabel="View All Auctions" moreTo={paths.adminAuctions}>
            {loading ? (
              <AuctionGridSkeleton count={3} />
            ) : (
              <AuctionGrid
                // Phones show the first three: the users below should not be six tall cards away.
                className="max-sm:[&>*:nth-child(n+4)]:hidden"
                auctions={dashboard.data?.recentAuctions ?? []}
                receivedAt={dashboard.dataUpdatedAt}
                empty={<EmptyState icon={Gavel} title="No active auctions at the moment." />}
              />
            )}
          </Section>

          <Section id="recent-users" eyebrow="Recent Users" title="Latest 10 Users" moreLabel="View All Users" moreTo={paths.adminUsers}>
            <Card className="overflow-hidden">
              <AdminTable
                caption="The ten newest users"
                minWidth="min-w-[680px]"
                head={
                  <>
                    <Th>User</Th>
                    <Th>Role</Th>
                    <Th>Joined</Th>
                    <Th>Last Login</Th>
                    <Th>Status</Th>
                  </>
                }
              >
                {loading ? (
                  <SkeletonRows rows={5} columns={5} />
                ) : users.length === 0 ? (
                  <tr>
                    <td colSpan={5} className="px-4 py-10 text-center text-slate-600">
                      No users found matching your criteria.
                    </td>
                  </tr>
                ) : (
                  users.map((user) => (
                    <tr key={user._id} className="hover:bg-slate-50">
                      <Td className="max-w-56 sm:max-w-none">
                        <UserIdentity name={user.name} email={user.email} avatar={user.avatar} />
                      </Td>
                      <Td>
                        <RoleBadge role={user.role} />
                      </Td>
                      <Td className="whitespace-nowrap tabular-nums">{formatAdminDate(user.createdAt)}</Td>
                      <Td className="whitespace-nowrap tabular-nums">{formatAdminDate(user.lastLogin)}</Td>
                      <Td>
                        <StatusBadge status={user.status} />
                      </Td>
                    </tr>
                  ))
                )}
              </AdminTable>
            </Card>
          </Section>
        </>
      )}
    </>
  );
}

interface SectionProps {
  id: string;
  title: string;
  /** A small label above the title. */
  eyebrow?: string;
  moreLabel: string;
  moreTo: string;
  children: ReactNode;
}

function Section({ id, title, eyebrow, moreLabel, moreTo, children }: SectionProps) {
  return (
    <section aria-labelledby={id} className="mt-10">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div>
          {eyebrow && <p className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{eyebrow}</p>}
          <h2 id={id} className="text-xl font-semibold text-slate-900">
            {title}
          </h2>
        </div>
        <Link to={moreTo} className="inline-flex items-center gap-1 text-sm font-medium text-accent-700 hover:underline">
          {moreLabel} <ArrowRight aria-hidden="true" className="size-4" />
        </Link>
      </div>
      {children}
    </section>
  );
}
