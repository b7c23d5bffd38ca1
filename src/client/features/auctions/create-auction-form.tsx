// The create-auction form: the shared zod schema and date rules give quick messages; the server decides.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { auctionDateIssues, END_NOT_AFTER_START, endDayIsAfterStartDay } from '../../../shared/auction-dates';
import { CATEGORIES, MAX_DURATION_DAYS, START_WINDOW_DAYS } from '../../../shared/constants';
import { createAuctionFields, PHOTO_MISSING } from '../../../shared/schemas/auction';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { inputClasses, TextField } from '../../components/text-field';
import { cn } from '../../lib/cn';
import { errorMessage } from '../../lib/errors';
import { checkForm, formValues, type FieldErrors } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useTRPC } from '../../lib/trpc';
import { addDays, endInstant, localDay, startInstant } from './local-dates';
import { PhotoPicker } from './photo-picker';

type Fields = FieldErrors<Record<'itemName' | 'itemDescription' | 'itemCategory' | 'startingPrice' | 'itemStartDate' | 'itemEndDate' | 'itemPhoto', string>>;

/** The fields in the order they appear, to focus the first one with a message. */
const FIELD_ORDER = ['itemName', 'itemDescription', 'itemCategory', 'startingPrice', 'itemStartDate', 'itemEndDate', 'itemPhoto'] as const;

export function CreateAuctionForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<File | null>(null);
  const [errors, setErrors] = useState<Fields>({});
  const today = localDay(Date.now());
  const [startDay, setStartDay] = useState(today);

  const create = useMutation(
    trpc.auction.create.mutationOptions({
      onSuccess: async ({ newAuction }, _input) => {
        // SPEC §7: a new auction changes the detail, list, my-auctions and stats views.
        await Promise.all(
          [trpc.auction.byId, trpc.auction.list, trpc.auction.mine, trpc.auction.stats, trpc.auction.categories].map((p) =>
            queryClient.invalidateQueries({ queryKey: p.pathKey() }),
          ),
        );
        navigate(paths.auction(newAuction._id));
      },
    }),
  );

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    create.reset();
    const form = event.currentTarget;
    const values = formValues(form);
    const checked = checkForm(createAuctionFields, values);
    const found: Fields = checked.ok ? {} : { ...checked.errors };
    if (values.itemStartDate && values.itemEndDate) {
      const now = Date.now();
      for (const issue of auctionDateIssues(startInstant(values.itemStartDate, now), endInstant(values.itemEndDate), now)) {
        found[issue.path as keyof Fields] ??= issue.message;
      }
      // The instants above allow an end on the start day (its last moment); the days picked here do not.
      if (!endDayIsAfterStartDay(values.itemStartDate, values.itemEndDate)) found.itemEndDate = END_NOT_AFTER_START;
    }
    if (!photo) found.itemPhoto = PHOTO_MISSING;
    setErrors(found);
    if (Object.keys(found).length > 0 || !photo) {
      // On a phone the first message may be far above the button: take the user to it.
      const first = FIELD_ORDER.find((name) => found[name]);
      const field = first ? form.elements.namedItem(first) : null;
      if (field instanceof HTMLElement) field.focus();
      return;
    }

    const body = new FormData();
    for (const [key, value] of Object.entries(values)) body.append(key, value);
    const now = Date.now();
    body.set('itemStartDate', new Date(startInstant(values.itemStartDate!, now)).toISOString());
    body.set('itemEndDate', new Date(endInstant(values.itemEndDate!)).toISOString());
    body.set('itemPhoto', photo);
    create.mutate(body, {
      onSuccess: () => {
        form.reset();
        setPhoto(null);
        setStartDay(today);
      },
    });
  }

  const serverError = create.isError ? errorMessage(create.error, 'Something went wrong') : null;

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <TextField label="Item name" name="itemName" required maxLength={120} error={errors.itemName} />
      <div>
        <label htmlFor="itemDescription" className="mb-1.5 block text-sm font-medium text-slate-800">
          Description
        </label>
        <textarea
          id="itemDescription"
          name="itemDescription"
          required
          rows={5}
          maxLength={5000}
          aria-invalid={errors.itemDescription ? true : undefined}
          aria-describedby={errors.itemDescription ? 'itemDescription-error' : undefined}
          className={cn(inputClasses, errors.itemDescription ? 'border-red-600' : 'border-slate-300')}
        />
        {errors.itemDescription && (
          <p id="itemDescription-error" className="mt-1.5 text-sm font-medium text-red-700">
            {errors.itemDescription}
          </p>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <div>
          <label htmlFor="itemCategory" className="mb-1.5 block text-sm font-medium text-slate-800">
            Category
          </label>
          <select
            id="itemCategory"
            name="itemCategory"
            required
            defaultValue=""
            aria-invalid={errors.itemCategory ? true : undefined}
            aria-describedby={errors.itemCategory ? 'itemCategory-error' : undefined}
            className={cn(inputClasses, errors.itemCategory ? 'border-red-600' : 'border-slate-300')}
          >
            <option value="" disabled>
              Select a category
            </option>
            {CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
          {errors.itemCategory && (
            <p id="itemCategory-error" className="mt-1.5 text-sm font-medium text-red-700">
              {errors.itemCategory}
            </p>
          )}
        </div>
        <TextField
          label="Starting price ($)"
          name="startingPrice"
          type="number"
          inputMode="numeric"
          min={1}
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
