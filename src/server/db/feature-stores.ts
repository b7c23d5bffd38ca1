// The parts of the Store (store.ts) whose interfaces live in files of their own, each beside its
// records: the features that came after the first store had grown to one long read.
import type { ActivityStore } from './activity-store';
import type { DeletionStore } from './deletion-store';
import type { ExportStore } from './export-store';
import type { FeedbackStore } from './feedback-store';
import type { NotificationStore } from './notification-store';
import type { ModerationStore } from './moderation-store';
import type { OfferStore } from './offer-store';
import type { RemovalStore } from './removal-store';
import type { ReportStore } from './report-store';
import type { SavedSearchStore } from './saved-search-store';
import type { TwoFactorStore } from './two-factor-store';

export interface FeatureStores {
  /** Users' saved searches, and the tick that tells them of new matches. */
  searches: SavedSearchStore;
  notifications: NotificationStore;
  offers: OfferStore;
  feedback: FeedbackStore;
  activity: ActivityStore;
  /** Administrators' actions on accounts and auctions, and the audit log that records them. */
  moderation: ModerationStore;
  /** Bidders taken off auctions, by an administrator. */
  removals: RemovalStore;
  /** Listings reported by users, and their resolutions. */
  reports: ReportStore;
  /** A user's data, for its download. */
  exports: ExportStore;
  /** Authenticator secrets, recovery codes and the second steps of logins. */
  twoFactor: TwoFactorStore;
  /** Accounts deleted, by their owners or by administrators. */
  deletions: DeletionStore;
}
