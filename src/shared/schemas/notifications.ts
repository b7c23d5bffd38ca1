import { z } from 'zod';
import { ID_PATTERN, pageFields } from './common';

/** Notices a page holds when the request names no limit, and the most it may ask for. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;

export const listNotificationsInput = z
  .object(pageFields(NOTIFICATIONS_PAGE_SIZE, NOTIFICATIONS_PAGE_MAX))
  .default({ limit: NOTIFICATIONS_PAGE_SIZE });
export type ListNotificationsInput = z.infer<typeof listNotificationsInput>;

/** `ids` marks those notices read; without it, every one of the caller's. */
export const markNotificationsReadInput = z
  .object({
    ids: z
      .array(z.string({ error: 'Invalid notification id' }).regex(ID_PATTERN, 'Invalid notification id'), {
        error: 'ids must be a list of notification ids',
      })
      .max(NOTIFICATIONS_PAGE_MAX, `At most ${NOTIFICATIONS_PAGE_MAX} notifications can be marked at once`)
      .optional(),
  })
  .default({});
export type MarkNotificationsReadInput = z.infer<typeof markNotificationsReadInput>;
