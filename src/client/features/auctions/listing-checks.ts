// The create and relist forms' checks beyond each field's own schema, in the server's words: the days
// picked (as they are meant in the viewer's time zone) and the order of the three prices.
import { z } from 'zod';
import { auctionDateIssues, END_NOT_AFTER_START, endDayIsAfterStartDay } from '../../../shared/auction-dates';
import { checkListingPrices, listingPriceFields } from '../../../shared/schemas/auction';
import type { FieldErrors } from '../../lib/form';
import { endInstant, startInstant } from './local-dates';

type DateErrors = FieldErrors<Record<'itemStartDate' | 'itemEndDate', string>>;
type PriceErrors = FieldErrors<Record<'reservePrice' | 'buyNowPrice', string>>;

/** The days picked, checked by the server's rules. */
export function dateErrors(values: Record<string, string>): DateErrors {
  const { itemStartDate: startDay, itemEndDate: endDay } = values;
  if (!startDay || !endDay) return {};
  const now = Date.now();
  const errors: DateErrors = {};
  for (const issue of auctionDateIssues(startInstant(startDay, now), endInstant(endDay), now)) {
    errors[issue.path as keyof DateErrors] ??= issue.message;
  }
  // The instants above allow an end on the start day (its last moment); the days picked here do not.
  if (!endDayIsAfterStartDay(startDay, endDay)) errors.itemEndDate = END_NOT_AFTER_START;
  return errors;
}

const listingPrices = z.object(listingPriceFields).superRefine(checkListingPrices);

/** A reserve or Buy It Now price out of order with the others (each price's own message comes from its field). */
export function priceErrors(values: Record<string, string>): PriceErrors {
  const result = listingPrices.safeParse(values);
  const errors: PriceErrors = {};
  if (result.success) return errors;
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (issue.code === 'custom' && (field === 'reservePrice' || field === 'buyNowPrice')) errors[field] ??= issue.message;
  }
  return errors;
}
