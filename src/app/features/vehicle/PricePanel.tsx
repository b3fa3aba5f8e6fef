import { Badge, Box, Card, Stack, Text } from '@mantine/core';
import { isSold, type Vehicle } from '@/domain/listing/vehicle';
import { priceDropText } from '@/domain/listing/leads';
import { priceText } from '@/domain/listing/display';
import { PriceVerdictBadge } from '@/app/shared/vehicleCard/PriceVerdictBadge';
import { HeartButton } from '@/app/shared/favourites/HeartButton';
import { ContactSeller } from './ContactSeller';
import { PriceWarning } from './PriceWarning';
import { ZigPrice } from '@/app/shared/currency/ZigPrice';
import { ZigChoice } from '@/app/shared/currency/ZigChoice';
import { currentLanguage, t } from '@/app/shared/i18n/language';
import { priceWhyText } from '@/domain/search/priceVerdict';

/** The price panel on a listing's page: the price, its verdict and drop, the heart, and the contact buttons unless it is sold. */
export function PricePanel({ vehicle: v }: { vehicle: Vehicle }) {
  return (
    <Card>
      {v.featured ? (
        <Badge color="gold" c="dark" mb="xs">
          {t(/*i18n*/ 'Featured Listing')}
        </Badge>
      ) : null}
      <Text fz={36} fw={850} c="brand.8">
        {priceText(v.price, undefined, t)}
      </Text>
      <ZigPrice usd={v.price} size="md" />
      <ZigChoice mt="xs" mb="xs" />
      {v.price_verdict ? (
        <Stack gap={4} mt={4} data-testid="price-verdict">
          <PriceVerdictBadge verdict={v.price_verdict} size="md" />
          <Text size="sm" c="dimmed">
            {priceWhyText(v, v.price_verdict, t)}
          </Text>
        </Stack>
      ) : null}
      <PriceWarning vehicle={v} />
      {v.price_drop ? (
        <Text c="green.9" fw={650} data-testid="price-drop">
          {priceDropText(v.price_drop, t, currentLanguage())}
        </Text>
      ) : null}
      <Box mt="xs">
        <HeartButton vehicle={v} variant="page" />
      </Box>
      {isSold(v) ? null : (
        <Box mt="md">
          <ContactSeller vehicle={v} />
        </Box>
      )}
    </Card>
  );
}
