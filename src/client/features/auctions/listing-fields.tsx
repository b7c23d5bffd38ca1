// The create form's groups of fields, shared with the relist form: what the item is (read-only when
// relisting, as the auction had it), its prices, and the days bidding is open.
import { useState, type ReactNode } from 'react';
import { CATEGORIES, MAX_DURATION_DAYS, MIN_STARTING_PRICE, START_WINDOW_DAYS } from '../../../shared/constants';
import {
  CONDITION_WORDS,
  ITEM_CONDITIONS,
  LOCATION_MAX,
  PICKUP_ONLY,
  SHIPPING_MAX,
  shippingWords,
  type ItemCondition,
} from '../../../shared/listing';
import { ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX, MAX_PRICE } from '../../../shared/schemas/auction';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { addDays, localDay } from './local-dates';
import type { Auction } from './types';

type Errors = Partial<Record<string, string>>;

const NOT_STATED = 'Not stated';
const conditionLabel = (option: string) => (option === '' ? NOT_STATED : CONDITION_WORDS[option as ItemCondition]);

/** Two fields side by side from the sm width, one above the other on a phone. */
function Pair({ children }: { children: ReactNode }) {
  return <div className="grid gap-5 sm:grid-cols-2">{children}</div>;
}

/** Name, description, category, condition, shipping and location. */
export function ItemFields({ errors }: { errors: Errors }) {
  return (
    <>
      <TextField label="Item name" name="itemName" required maxLength={ITEM_NAME_MAX} error={errors.itemName} />
      <TextAreaField
        label="Description"
        name="itemDescription"
        required
        rows={5}
        maxLength={ITEM_DESCRIPTION_MAX}
        error={errors.itemDescription}
      />
      <Pair>
        <SelectField
          label="Category"
          name="itemCategory"
          required
          defaultValue=""
          placeholder="Select a category"
          options={CATEGORIES}
          error={errors.itemCategory}
        />
        <SelectField
          label="Condition"
          name="itemCondition"
          defaultValue=""
          options={['', ...ITEM_CONDITIONS]}
          optionLabel={conditionLabel}
          hint="Optional"
          error={errors.itemCondition}
        />
      </Pair>
      <Pair>
        <TextField
          label="Shipping cost ($)"
          name="shippingCost"
          type="number"
          inputMode="numeric"
          min={0}
          max={SHIPPING_MAX}
          step={1}
          hint={`Whole dollars; 0 for free shipping. Empty: ‘${PICKUP_ONLY}’.`}
          error={errors.shippingCost}
        />
        <TextField
          label="Location"
          name="itemLocation"
          maxLength={LOCATION_MAX}
          hint="Optional, for example ‘Lyon, France’"
          error={errors.itemLocation}
        />
      </Pair>
    </>
  );
}

/** The same facts, fixed: a relisted auction keeps what it sells. Nameless, so the form sends none of them. */
export function FixedItemFields({ auction }: { auction: Auction }) {
  const hint = 'Kept from the auction you relist';
  return (
    <>
      <TextField label="Item name" readOnly defaultValue={auction.itemName} hint={hint} />
      <TextAreaField label="Description" readOnly rows={4} defaultValue={auction.itemDescription} />
      <Pair>
        <TextField label="Category" readOnly defaultValue={auction.itemCategory} />
        <TextField label="Condition" readOnly defaultValue={auction.itemCondition ? CONDITION_WORDS[auction.itemCondition] : NOT_STATED} />
      </Pair>
      <Pair>
        <TextField label="Shipping" readOnly defaultValue={shippingWords(auction.shippingCost)} />
        <TextField label="Location" readOnly defaultValue={auction.itemLocation ?? NOT_STATED} />
      </Pair>
    </>
  );
}

interface PriceDefaults {
  startingPrice?: number;
  reservePrice?: number | null;
  buyNowPrice?: number | null;
}

/** Starting price, and the optional reserve and Buy It Now prices. */
export function PriceFields({ errors, defaults = {} }: { errors: Errors; defaults?: PriceDefaults }) {
  const money = { type: 'number', inputMode: 'numeric', step: 1, max: MAX_PRICE } as const;
  return (
    <div className="grid items-start gap-5 sm:grid-cols-3">
      <TextField
        label="Starting price ($)"
        name="startingPrice"
        {...money}
        min={MIN_STARTING_PRICE}
        required
        defaultValue={defaults.startingPrice}
        error={errors.startingPrice}
      />
      <TextField
        label="Reserve price ($)"
        name="reservePrice"
        {...money}
        min={MIN_STARTING_PRICE + 1}
        defaultValue={defaults.reservePrice ?? undefined}
        hint="Optional. Not sold below it; bidders only see whether it is met."
        error={errors.reservePrice}
      />
      <TextField
        label="Buy It Now price ($)"
        name="buyNowPrice"
        {...money}
        min={MIN_STARTING_PRICE + 1}
        defaultValue={defaults.buyNowPrice ?? undefined}
        hint="Optional. Offered until the first bid, or until the reserve is met."
        error={errors.buyNowPrice}
      />
    </div>
  );
}

/** The start and end days, in the viewer's own days: the end's bounds follow the start chosen. */
export function DateFields({ errors }: { errors: Errors }) {
  // Read once: the form offers days from the day it was opened.
  const [today] = useState(() => localDay(Date.now()));
  const [startDay, setStartDay] = useState(today);
  return (
    <Pair>
      <TextField
        label="Start date"
        name="itemStartDate"
        type="date"
        required
        min={today}
        max={addDays(today, START_WINDOW_DAYS)}
        defaultValue={today}
        onChange={(e) => setStartDay(e.target.value || today)}
        hint={`From today to ${START_WINDOW_DAYS} days ahead`}
        error={errors.itemStartDate}
      />
      <TextField
        label="End date"
        name="itemEndDate"
        type="date"
        required
        min={addDays(startDay, 1)}
        max={addDays(startDay, MAX_DURATION_DAYS)}
        hint={`Up to ${MAX_DURATION_DAYS} days after the start`}
        error={errors.itemEndDate}
      />
    </Pair>
  );
}
