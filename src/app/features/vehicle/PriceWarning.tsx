import { Alert } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { priceWarningOf } from '@/domain/messages/priceWarning';
import { t } from '@/app/shared/i18n/language';

/** 'Price much lower than similar vehicles: ...' on a listing priced far below its comparables (issue 37), or nothing. */
export function PriceWarning({ vehicle: v }: { vehicle: Vehicle }) {
  const warning = priceWarningOf(v.price, v.price_verdict);
  if (!warning) return null;
  return (
    <Alert color="orange" variant="light" mt="xs" data-testid="price-warning">
      {t(warning)}
    </Alert>
  );
}
