// When an auction may start and end (docs/rules/auctions.md#dates), and how prices are read.
import { describe, expect, test } from 'vitest';
import {
  END_IN_PAST,
  END_NOT_AFTER_START,
  END_TOO_LATE,
  START_IN_PAST,
  START_TOO_LATE,
  auctionDateIssues,
  endDayIsAfterStartDay,
  isPlainDate,
  resolveEnd,
  resolveStart,
} from '../../src/shared/auction-dates';
import { createAuctionFields, placeBidInput, wholeDollars } from '../../src/shared/schemas/auction';

const NOW = Date.parse('2026-06-01T12:00:00.000Z');
const at = (iso: string) => Date.parse(iso);

/** The issues for a start and an end given as the client sends them. */
const issuesFor = (start: string, end: string, now = NOW) => auctionDateIssues(resolveStart(start, now), resolveEnd(end), now);

describe('resolveStart and resolveEnd', () => {
  test('a start of today as a plain date means now', () => {
    expect(resolveStart('2026-06-01', NOW)).toBe(NOW);
  });

  test('a later plain start date means its first millisecond in UTC', () => {
    expect(resolveStart('2026-06-03', NOW)).toBe(at('2026-06-03T00:00:00.000Z'));
  });

  test('a plain end date means the last millisecond of that day in UTC', () => {
    expect(resolveEnd('2026-06-05')).toBe(at('2026-06-05T23:59:59.999Z'));
    expect(new Date(resolveEnd('2026-06-01')).toISOString()).toBe('2026-06-01T23:59:59.999Z');
  });

  test('full timestamps are kept as sent', () => {
    expect(resolveStart('2026-06-01T08:30:00.000Z', NOW)).toBe(at('2026-06-01T08:30:00.000Z'));
    expect(resolveStart('2026-06-04T09:15:00Z', NOW)).toBe(at('2026-06-04T09:15:00.000Z'));
    expect(resolveEnd('2026-06-05T10:00:00.000Z')).toBe(at('2026-06-05T10:00:00.000Z'));
  });

  test('impossible calendar dates are not plain dates', () => {
    expect(isPlainDate('2026-06-01')).toBe(true);
    expect(isPlainDate('2026-02-30')).toBe(false);
    expect(isPlainDate('2026-13-01')).toBe(false);
    expect(isPlainDate('26-06-01')).toBe(false);
  });
});

describe('auctionDateIssues', () => {
  test('a valid start today and end next week has no issues', () => {
    expect(issuesFor('2026-06-01', '2026-06-08')).toEqual([]);
  });

  test('a start yesterday is refused', () => {
    expect(issuesFor('2026-05-31', '2026-06-05')).toEqual([{ path: 'itemStartDate', message: START_IN_PAST }]);
    expect(START_IN_PAST).toBe('Start date cannot be in the past.');
  });

  test('a full timestamp earlier today is a valid start', () => {
    expect(issuesFor('2026-06-01T00:30:00.000Z', '2026-06-05')).toEqual([]);
    expect(issuesFor('2026-05-31T23:59:59.999Z', '2026-06-05')).toEqual([{ path: 'itemStartDate', message: START_IN_PAST }]);
  });

  test('a start 15 days ahead is accepted, 16 days ahead refused', () => {
    expect(issuesFor('2026-06-16', '2026-06-20')).toEqual([]);
    expect(issuesFor('2026-06-17', '2026-06-20')).toEqual([{ path: 'itemStartDate', message: START_TOO_LATE }]);
    expect(START_TOO_LATE).toMatch(/15 days/);
  });

  test('an end equal to the start is refused, and so is an end before it', () => {
    const start = '2026-06-03T10:00:00.000Z';
    expect(issuesFor(start, start)).toEqual([{ path: 'itemEndDate', message: END_NOT_AFTER_START }]);
    expect(issuesFor(start, '2026-06-03T09:59:59.999Z')).toEqual([{ path: 'itemEndDate', message: END_NOT_AFTER_START }]);
    expect(issuesFor(start, '2026-06-03T10:00:00.001Z')).toEqual([]);
    expect(END_NOT_AFTER_START).toBe('End date must be after start date.');
  });

  test('an end 15 calendar days after the start date is accepted, 16 refused', () => {
    expect(issuesFor('2026-06-03', '2026-06-18')).toEqual([]);
    expect(issuesFor('2026-06-03', '2026-06-19')).toEqual([{ path: 'itemEndDate', message: END_TOO_LATE }]);
    // Starting now (today), the same calendar count applies.
    expect(issuesFor('2026-06-01', '2026-06-16')).toEqual([]);
    expect(issuesFor('2026-06-01', '2026-06-17')).toEqual([{ path: 'itemEndDate', message: END_TOO_LATE }]);
  });

  test('an end already past is refused, even after a valid start earlier today', () => {
    expect(issuesFor('2026-06-01T00:00:00Z', '2026-06-01T00:01:00Z')).toEqual([{ path: 'itemEndDate', message: END_IN_PAST }]);
    expect(issuesFor('2026-06-01T00:00:00Z', '2026-06-01T12:00:00.000Z')).toEqual([{ path: 'itemEndDate', message: END_IN_PAST }]);
    expect(issuesFor('2026-06-01T00:00:00Z', '2026-06-01T12:00:00.001Z')).toEqual([]);
    expect(END_IN_PAST).toBe('End date must be in the future.');
  });

  test('both dates wrong gives one issue for each', () => {
    expect(issuesFor('2026-05-20T10:00:00.000Z', '2026-05-20T10:00:00.000Z')).toEqual([
      { path: 'itemStartDate', message: START_IN_PAST },
      { path: 'itemEndDate', message: END_NOT_AFTER_START },
    ]);
  });
});

describe('wholeDollars', () => {
  const price = wholeDollars('Starting price');
  const messageOf = (value: unknown) => {
    const result = price.safeParse(value);
    return result.success ? null : result.error.issues[0]!.message;
  };

  test.each([
    [125, 125],
    ['125', 125],
    [' 125 ', 125],
    [0, 0],
  ])('accepts %j as %d', (input, expected) => {
    expect(price.parse(input)).toBe(expected);
  });

  test.each([1.5, '1.5', '1e3', 1e21, true, [], [15], {}, null, -1, '-1', '0x10', '12 dollars'])(
    'refuses %j as not a whole number of dollars',
    (input) => {
      expect(messageOf(input)).toBe('Starting price must be a whole number of dollars');
    },
  );

  test.each([undefined, '', '   '])('calls %j missing', (input) => {
    expect(messageOf(input)).toBe('Starting price is required');
  });

  test('refuses absurdly large prices', () => {
    expect(messageOf(5_000_000_000)).toBe('Starting price is too large');
  });

  test('the starting price is at least 1 and the bid amount goes through the same rules', () => {
    const base = { itemName: 'A', itemDescription: 'B', itemCategory: 'Art', itemStartDate: '2026-06-01', itemEndDate: '2026-06-02' };
    expect(createAuctionFields.parse({ ...base, startingPrice: '1' }).startingPrice).toBe(1);
    const zero = createAuctionFields.safeParse({ ...base, startingPrice: 0 });
    expect(zero.success ? null : zero.error.issues.map((i) => i.message)).toEqual(['Starting price must be at least $1']);
    expect(placeBidInput.parse({ auctionId: '1', bidAmount: '15' }).bidAmount).toBe(15);
    const fraction = placeBidInput.safeParse({ auctionId: '1', bidAmount: 12.5 });
    expect(fraction.success ? null : fraction.error.issues[0]!.message).toBe('Bid amount must be a whole number of dollars');
  });

  test('dates must be plain dates or ISO timestamps', () => {
    const base = { itemName: 'A', itemDescription: 'B', itemCategory: 'Art', startingPrice: 5, itemEndDate: '2026-06-02' };
    for (const bad of ['2026-02-30', 'tomorrow', '06/01/2026', '']) {
      const result = createAuctionFields.safeParse({ ...base, itemStartDate: bad });
      expect(result.success, bad).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['itemStartDate']);
    }
    expect(createAuctionFields.safeParse({ ...base, itemStartDate: '2026-06-01T10:00:00.000Z' }).success).toBe(true);
  });
});

describe('timestamps name their zone', () => {
  const fields = { itemName: 'Lamp', itemDescription: 'A lamp', itemCategory: 'Art', startingPrice: 10, itemEndDate: '2026-06-05' };
  test.each(['2026-06-01T10:00:00Z', '2026-06-01T10:00:00.123+02:00', '2026-06-01T10:00-05:00'])('%s is accepted', (itemStartDate) => {
    expect(createAuctionFields.safeParse({ ...fields, itemStartDate }).success).toBe(true);
  });
  test.each(['2026-06-01T10:00', '2026-06-01T10:00:00', '2026-06-01 10:00Z'])(
    '%s is refused: the server zone would decide',
    (itemStartDate) => {
      const result = createAuctionFields.safeParse({ ...fields, itemStartDate });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/Start date must be a date like 2026-03-14/);
    },
  );
});

describe('endDayIsAfterStartDay (days picked in a form)', () => {
  test('an end on the start day is not after it', () => {
    expect(endDayIsAfterStartDay('2026-06-01', '2026-06-01')).toBe(false);
  });

  test('an earlier end is not after the start, a later one is, across months and years', () => {
    expect(endDayIsAfterStartDay('2026-06-03', '2026-06-02')).toBe(false);
    expect(endDayIsAfterStartDay('2026-06-01', '2026-06-02')).toBe(true);
    expect(endDayIsAfterStartDay('2026-06-30', '2026-07-01')).toBe(true);
    expect(endDayIsAfterStartDay('2026-12-31', '2027-01-01')).toBe(true);
    expect(endDayIsAfterStartDay('2027-01-01', '2026-12-31')).toBe(false);
  });
});
