// The bell in the header, for signed-in users. Its code and the data layer load after the page's own
// (the landing page does not wait for them); a grey bell-sized block holds its place meanwhile, so
// the header does not shift when it arrives.
import { Skeleton } from '../../components/skeleton';
import { lazyComponent } from '../lazy-component';

export const HeaderNotifications = lazyComponent(
  () =>
    Promise.all([import('../data-layer'), import('../../features/notifications/notification-bell')]).then(
      ([{ DataLayer }, { NotificationBell }]) =>
        function Bell() {
          return (
            <DataLayer applyLiveBids={false}>
              <NotificationBell />
            </DataLayer>
          );
        },
    ),
  () => <Skeleton className="size-10 rounded-lg" />,
);
