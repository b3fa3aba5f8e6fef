import { Alert, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { CARD_FALLBACKS, distanceFromYouText, distanceText, driveTimeText } from '@/domain/listing/display';
import { TRUST_BADGE_HINTS, TRUST_BADGES } from '@/domain/listing/trust';
import { SellerContactLines } from './ContactSeller';
import { t } from '@/app/shared/i18n/language';

/** Where the buyer's position came from, as the location store says. */
type PositionFrom = { source: Parameters<typeof distanceFromYouText>[1]; place: string | null };

/** 'Seller Information' on a listing's page: who sells it, where, and how far that is from the buyer's position (and where that came from). */
export function SellerInformation({ vehicle: v, source, place }: { vehicle: Vehicle } & PositionFrom) {
  return (
    <Card>
      <Title order={3} fz="h4" mb="xs">
        {t(/*i18n*/ 'Seller Information')}
      </Title>
      <Text fw={650}>{v.seller_name ?? t(/*i18n*/ 'Seller')}</Text>
      {v.phone_verified ? (
        <Badge color="green" variant="light" w="fit-content" title={t(TRUST_BADGE_HINTS.phone_verified)} data-testid="seller-phone-verified">
          {t(TRUST_BADGES.phone_verified)}
        </Badge>
      ) : null}
      <SellerContactLines vehicle={v} />
      <Text c="dimmed">{v.location ?? v.seller_location ?? t(CARD_FALLBACKS.location)}</Text>
      {v.distance_km !== null && v.distance_km !== undefined ? (
        <Text mt={4}>{distanceFromYouText(v.distance_km, source, place, t)}</Text>
      ) : (
        <Text mt={4} c="dimmed">
          {distanceText(null, t)}
        </Text>
      )}
    </Card>
  );
}

/** The way to the seller ('Get Your Dream Car'): Google Maps and Waze, when the seller's coordinates are known. */
export function Directions({ vehicle: v }: { vehicle: Vehicle }) {
  if (v.seller_latitude === null || v.seller_longitude === null) return <Alert color="gray">{t(/*i18n*/ 'Location information not available')}</Alert>;
  const destination = `${v.seller_latitude},${v.seller_longitude}`;
  return (
    <Card bg="brand.0">
      <Title order={3} fz="h4" mb="xs">
        {t(/*i18n*/ 'Get Your Dream Car')}
      </Title>
      <Text>
        {distanceText(v.distance_km, t)}. {driveTimeText(v.drive_time_minutes, t)}.
      </Text>
      <Group mt="sm" gap="xs">
        <Button component="a" href={`https://www.google.com/maps/dir/?api=1&destination=${destination}`} target="_blank" rel="noopener" variant="white">
          {t(/*i18n*/ 'Open in Google Maps')}
        </Button>
        <Button component="a" href={`https://waze.com/ul?ll=${destination}&navigate=yes`} target="_blank" rel="noopener" variant="white">
          {t(/*i18n*/ 'Navigate with Waze')}
        </Button>
      </Group>
    </Card>
  );
}
