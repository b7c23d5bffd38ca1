// What the server needs from the outside world, made once and handed to buildApp (tests hand in their own).
import type { SharedState } from './open-store';
import type { Store } from './db/store';
import type { Settings } from './env';
import { createBidBus, type BidBus } from './live/bid-bus';
import { createNoticeBus, type NoticeBus } from './live/notice-bus';
import { LiveStreams } from './live/streams';
import { mailOptions, type MailOptions } from './services/mail-transport';
import { createPasswordHasher, type PasswordHasher } from './services/passwords';
import { createPhotoWork, type PhotoWork } from './services/photo-work';
import { createLimits, type Limits } from './services/rate-limit';

export interface AppDeps {
  /** The database, behind the queries the services need (db/store.ts). */
  store: Store;
  settings: Settings;
  /** The server's clock, in epoch milliseconds; tests move it. */
  now: () => number;
  /** The rate limits on attempts (services/rate-limit.ts). */
  limits: Limits;
  /** How mail leaves (a mail server, the terminal in development, or not at all) and the outbox worker's timing. */
  mail: MailOptions;
  passwords: PasswordHasher;
  /** The photo decode queue and each account's uploads in progress, in this process. */
  photos: PhotoWork;
  bus: BidBus;
  /** Tells each user's live streams that their notices changed. */
  notices: NoticeBus;
  streams: LiveStreams;
}

/** The deps around an open store (open-store.ts opens the one the settings name). */
export function createDeps(
  settings: Settings,
  options: SharedState & { now?: () => number; mail?: Partial<Omit<MailOptions, 'from'>> },
): AppDeps {
  const now = options.now ?? Date.now;
  return {
    store: options.store,
    settings,
    now,
    // Counted in this process unless told otherwise: instances sharing a database count in it.
    limits: createLimits(settings, options.limits ?? { kind: 'memory' }),
    mail: { ...mailOptions(settings), ...options.mail },
    passwords: createPasswordHasher(),
    photos: createPhotoWork(),
    bus: options.bus ?? createBidBus(),
    notices: options.notices ?? createNoticeBus(),
    streams: new LiveStreams(
      options.store.liveStreams,
      { perAccount: settings.LIVE_STREAMS_PER_ACCOUNT, perAddress: settings.LIVE_STREAMS_PER_ADDRESS },
      now,
      options.sessionEnds,
    ),
  };
}
