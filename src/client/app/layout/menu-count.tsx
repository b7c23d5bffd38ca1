// A count beside a menu entry, for signed-in users. Like the bell, its code and the data layer load
// apart from the page's; nothing holds its place meanwhile (the entry's words stand alone).
import type { ActivityKind } from '../../features/messages/activity-count';
import { lazyComponent } from '../lazy-component';

export const MenuCount = lazyComponent<{ kind: ActivityKind }>(
  () =>
    Promise.all([import('../data-layer'), import('../../features/messages/activity-count')]).then(
      ([{ DataLayer }, { ActivityCount }]) =>
        function Count({ kind }: { kind: ActivityKind }) {
          return (
            <DataLayer applyLiveBids={false}>
              <ActivityCount kind={kind} />
            </DataLayer>
          );
        },
    ),
  () => null,
);
