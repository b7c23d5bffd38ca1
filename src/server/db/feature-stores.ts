// The parts of the Store (store.ts) whose interfaces live in files of their own, each beside its
// records: the features that came after the first store had grown to one long read.
import type { ActivityStore } from './activity-store';
import type { ExportStore } from './export-store';
import type { FeedbackStore } from './feedback-store';
import type { NotificationStore } from './notification-store';
import type { OfferStore } from './offer-store';
import type { ReportStore } from './report-store';

export interface FeatureStores {
  notifications: NotificationStore;
  offers: OfferStore;
  feedback: FeedbackStore;
  activity: ActivityStore;
  reports: ReportStore;
  /** A user's data, for its download. */
  exports: ExportStore;
}
