// The create-auction form: the shared zod schema, date and price rules give quick messages; the server decides.
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { PHOTO_MISSING } from '../../../shared/photos';
import { createAuctionFields } from '../../../shared/schemas/auction';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useCreateAuction } from './api';
import { dateErrors, priceErrors } from './listing-checks';
import { DateFields, ItemFields, PriceFields } from './listing-fields';
import { endInstant, startInstant } from './local-dates';
import { PhotoPicker, usePickedPhotos } from './photo-picker';

export function CreateAuctionForm() {
  const navigate = useNavigate();
  const create = useCreateAuction();
  const picked = usePickedPhotos();
  // A new round after a success: the date fields start again from today.
  const [round, setRound] = useState(0);

  const { errors, setErrors, onSubmit, onChange } = useSchemaForm<typeof createAuctionFields, 'itemPhoto'>(createAuctionFields, {
    check: (schemaErrors, values) => ({
      ...dateErrors(values),
      ...priceErrors(values),
      ...(picked.photos.length > 0 ? {} : { itemPhoto: PHOTO_MISSING }),
      ...schemaErrors,
    }),
    onInvalid: () => create.reset(),
    onValid: (fields, form) => {
      if (picked.photos.length === 0) return;
      const body = new FormData(form);
      const now = Date.now();
      body.set('itemStartDate', new Date(startInstant(fields.itemStartDate, now)).toISOString());
      body.set('itemEndDate', new Date(endInstant(fields.itemEndDate)).toISOString());
      // The photos in the order shown: the first is the cover.
      body.delete('itemPhoto');
      for (const photo of picked.photos) body.append('itemPhoto', photo.file);
      create.mutate(body, {
        onSuccess: ({ newAuction }) => {
          form.reset();
          picked.clear();
          setRound((r) => r + 1);
          void navigate(paths.auction(newAuction._id));
        },
      });
    },
  });

  const serverError = create.isError ? errorMessage(create.error, 'Something went wrong') : null;

  return (
    <form onSubmit={onSubmit} onChange={onChange} noValidate className="space-y-5">
      <ItemFields errors={errors} />
      <PriceFields errors={errors} />
      <DateFields key={round} errors={errors} />
      <PhotoPicker
        picked={picked}
        error={errors.itemPhoto}
        onError={(message) => setErrors(({ itemPhoto: _, ...rest }) => (message ? { ...rest, itemPhoto: message } : rest))}
      />
      {serverError && <Banner tone="error">{serverError}</Banner>}
      <Button type="submit" size="lg" fullWidth loading={create.isPending}>
        {create.isPending ? 'Creating Auction...' : 'Create Auction'}
      </Button>
    </form>
  );
}
