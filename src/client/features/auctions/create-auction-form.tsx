// The create-auction form: the shared zod schema and date rules give quick messages; the server decides.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { auctionDateIssues, END_NOT_AFTER_START, endDayIsAfterStartDay } from '../../../shared/auction-dates';
import { CATEGORIES, MAX_DURATION_DAYS, MIN_STARTING_PRICE, START_WINDOW_DAYS } from '../../../shared/constants';
import { PHOTO_MISSING } from '../../../shared/photos';
import { createAuctionFields, ITEM_DESCRIPTION_MAX, ITEM_NAME_MAX } from '../../../shared/schemas/auction';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { SelectField } from '../../components/select-field';
import { TextAreaField } from '../../components/text-area-field';
import { TextField } from '../../components/text-field';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm, type FieldErrors } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useCreateAuction } from './api';
import { addDays, endInstant, localDay, startInstant } from './local-dates';
import { PhotoPicker } from './photo-picker';

type DateErrors = FieldErrors<Record<'itemStartDate' | 'itemEndDate', string>>;

/** The days picked, as they are meant in the viewer's time zone, checked by the server's rules. */
function dateErrors(values: Record<string, string>): DateErrors {
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

export function CreateAuctionForm() {
  const navigate = useNavigate();
  const create = useCreateAuction();
  const [photo, setPhoto] = useState<File | null>(null);
  // Read once: the form offers days from the day it was opened.
  const [today] = useState(() => localDay(Date.now()));
  const [startDay, setStartDay] = useState(today);

  const { errors, setErrors, onSubmit, onChange } = useSchemaForm<typeof createAuctionFields, 'itemPhoto'>(createAuctionFields, {
    check: (schemaErrors, values) => ({ ...dateErrors(values), ...(photo ? {} : { itemPhoto: PHOTO_MISSING }), ...schemaErrors }),
    onInvalid: () => create.reset(),
    onValid: (fields, form) => {
      if (!photo) return;
      const body = new FormData(form);
      const now = Date.now();
      body.set('itemStartDate', new Date(startInstant(fields.itemStartDate, now)).toISOString());
      body.set('itemEndDate', new Date(endInstant(fields.itemEndDate)).toISOString());
      body.set('itemPhoto', photo);
      create.mutate(body, {
        onSuccess: ({ newAuction }) => {
          form.reset();
          setPhoto(null);
          setStartDay(today);
          void navigate(paths.auction(newAuction._id));
        },
      });
    },
  });

  const serverError = create.isError ? errorMessage(create.error, 'Something went wrong') : null;

  return (
    <form onSubmit={onSubmit} onChange={onChange} noValidate className="space-y-5">
      <TextField label="Item name" name="itemName" required maxLength={ITEM_NAME_MAX} error={errors.itemName} />
      <TextAreaField
        label="Description"
        name="itemDescription"
        required
        rows={5}
        maxLength={ITEM_DESCRIPTION_MAX}
        error={errors.itemDescription}
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField
          label="Category"
          name="itemCategory"
          required
          defaultValue=""
          placeholder="Select a category"
          options={CATEGORIES}
          error={errors.itemCategory}
        />
        <TextField
          label="Starting price ($)"
          name="startingPrice"
          type="number"
          inputMode="numeric"
          min={MIN_STARTING_PRICE}
          step={1}
          required
          error={errors.startingPrice}
        />
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
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
      </div>
      <PhotoPicker
        file={photo}
        onChange={(file) => {
          setPhoto(file);
          if (file) setErrors(({ itemPhoto: _, ...rest }) => rest);
        }}
        error={errors.itemPhoto}
        onError={(message) => setErrors((e) => ({ ...e, itemPhoto: message }))}
      />
      {serverError && <Banner tone="error">{serverError}</Banner>}
      <Button type="submit" size="lg" fullWidth loading={create.isPending}>
        {create.isPending ? 'Creating Auction...' : 'Create Auction'}
      </Button>
    </form>
  );
}
