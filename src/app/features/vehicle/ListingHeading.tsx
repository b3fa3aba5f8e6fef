import { Alert, Badge, Box, Group, Title } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { REPORT_TEXTS } from '@/domain/listing/reports';
import { conditionText, sellerBadge } from '@/domain/listing/display';
import { TrustBadges } from '@/app/shared/vehicleCard/TrustBadges';
import { BoostedBadge } from '@/app/shared/vehicleCard/BoostedBadge';
import { isBoosted } from '@/domain/payments/boostOrder';
import { t } from '@/app/shared/i18n/language';

/** Under a listing's photos: the seller's kind, the condition and 'Boosted' while boosted, the trust badges, the title, and the notice of a listing hidden for review. */
export function ListingHeading({ vehicle: v, title }: { vehicle: Vehicle; title: string }) {
  return (
    <>
      <Group mt="md" gap="xs">
        <Badge color={v.seller_type === 'dealer' ? 'brand' : 'gray'} size="lg">
          {t(sellerBadge(v.seller_type))}
        </Badge>
        <Badge variant="light" size="lg">
          {conditionText(v.condition, t)}
        </Badge>
        {isBoosted(v) ? <BoostedBadge size="lg" /> : null}
      </Group>
      <Box mt="xs">
        <TrustBadges vehicle={v} size="lg" />
      </Box>
      <Title order={1} mt="sm" fz={{ base: 26, sm: 34 }}>
        {title}
      </Title>
      {v.hidden_for_review ? (
        <Alert color="red" variant="light" mt="sm" title={t(REPORT_TEXTS.hiddenPendingReview)}>
          {t(REPORT_TEXTS.hiddenText)}
        </Alert>
      ) : null}
    </>
  );
}
