// The create form for an auction listed again: what the item is and its photos stay as they were
// (shown read-only), the dates are new and the prices start from the old ones. The server makes the
// new auction and says so; its page opens.
import { useNavigate } from 'react-router-dom';
import { createAuctionFields } from '../../../shared/schemas/auction';
import { Banner } from '../../components/banner';
import { Button } from '../../components/button';
import { errorMessage } from '../../lib/errors';
import { useSchemaForm } from '../../lib/form';
import { paths } from '../../lib/paths';
import { useRelistAuction } from './api';
import { KeptPhotos } from './kept-photos';
import { dateErrors, priceErrors } from './listing-checks';
import { DateFields, FixedItemFields, PriceFields } from './listing-fields';
import { endInstant, startInstant } from './local-dates';
import type { Auction } from './types';

const relistFields = createAuctionFields.pick({
  startingPrice: true,
  reservePrice: true,
  buyNowPrice: true,
  itemStartDate: true,
  itemEndDate: true,
});

export function RelistAuctionForm({ auction }: { auction: Auction }) {
  const navigate = useNavigate();
  const relist = useRelistAuction();

  const { errors, onSubmit, onChange } = useSchemaForm(relistFields, {
    check: (schemaErrors, values) => ({ ...dateErrors(values), ...priceErrors(values), ...schemaErrors }),
    onInvalid: () => relist.reset(),
    onValid: (fields) => {
      const now = Date.now();
      relist.mutate(
        {
          id: auction._id,
          itemStartDate: new Date(startInstant(fields.itemStartDate, now)).toISOString(),
          itemEndDate: new Date(endInstant(fields.itemEndDate)).toISOString(),
          startingPrice: fields.startingPrice,
          // An emptied field drops that price, rather than copy the old one.
          reservePrice: fields.reservePrice ?? null,
          buyNowPrice: fields.buyNowPrice ?? null,
        },
        { onSuccess: ({ newAuction }) => void navigate(paths.auction(newAuction._id)) },
      );
    },
  });

  const serverError = relist.isError ? errorMessage(relist.error, 'Something went wrong') : null;

  return (
    <form onSubmit={onSubmit} onChange={onChange} noValidate className="space-y-5">
      <FixedItemFields auction={auction} />
      <KeptPhotos name={auction.itemName} photos={auction.photoCards} />
      <PriceFields
        errors={errors}
        defaults={{ startingPrice: auction.startingPrice, reservePrice: auction.reservePrice, buyNowPrice: auction.buyNowPrice }}
      />
      <DateFields errors={errors} />
      {serverError && <Banner tone="error">{serverError}</Banner>}
      <Button type="submit" size="lg" fullWidth loading={relist.isPending}>
        {relist.isPending ? 'Relisting...' : 'Relist auction'}
      </Button>
    </form>
  );
}
