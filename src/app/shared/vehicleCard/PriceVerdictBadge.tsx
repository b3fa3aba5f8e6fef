import { Badge, type BadgeProps } from '@mantine/core';
import type { PriceBand } from '@/domain/search/priceBands';
import { PRICE_BAND_TEXT, priceWhyText, type PriceVerdict } from '@/domain/search/priceVerdict';
import type { Vehicle } from '@/domain/listing/vehicle';
import { t } from '@/app/shared/i18n/language';

/** Each band's colour: dark shades, so the white text keeps its contrast. */
const BAND_COLORS: Record<PriceBand, string> = {
  great: 'green.9',
  good: 'teal.9',
  fair: 'blue.8',
  high: 'red.9',
  no_data: 'gray.7',
};

/**
 * A listing's price verdict as a small coloured badge ('Great price' … 'Not enough data'), its why as
 * the badge's title (in the reader's language when given the listing it judges); nothing for a listing without one (no price, or an answer made without it).
 * Shared: the result card, the listing page and any screen comparing listings show it.
 */
export function PriceVerdictBadge({ verdict, listing, size = 'sm' }: { verdict: PriceVerdict | null | undefined; listing?: Pick<Vehicle, 'make' | 'model' | 'price'>; size?: BadgeProps['size'] }) {
  if (!verdict) return null;
  return (
    <Badge
      color={BAND_COLORS[verdict.band]}
      variant="filled"
      size={size}
      title={listing ? priceWhyText(listing, verdict, t) : verdict.why}
      data-price-band={verdict.band}
      style={{ alignSelf: 'flex-start' }}
    >
      {t(PRICE_BAND_TEXT[verdict.band])}
    </Badge>
  );
}
