import { Alert, Badge, Button, Card, Group, Text, Title } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { distanceText, driveTimeText, positionSourceText } from '@/domain/listing/display';
import { TRUST_BADGE_HINTS, TRUST_BADGES } from '@/domain/listing/trust';
import { SellerContactLines } from './ContactSeller';

/** Where the buyer's position came from, as the location store says. */
type PositionFrom = { source: Parameters<typeof positionSourceText>[0]; place: string | null };

/** 'Seller Information' on a listing's page: who sells it, where, and how far that is from the buyer's position (and where that came from). */
export function SellerInformation({ vehicle: v, source, place }: { vehicle: Vehicle } & PositionFrom) {
  return (
    <Card>
      <Title order={3} fz="h4" mb="xs">
        Seller Information
      </Title>
      <Text fw={650}>{v.seller_name ?? 'Seller'}</Text>
      {v.phone_verified ? (
        <Badge color="green" variant="light" w="fit-content" title={TRUST_BADGE_HINTS.phone_verified} data-testid="seller-phone-verified">
          {TRUST_BADGES.phone_verified}
        </Badge>
      ) : null}
      <SellerContactLines vehicle={v} />
      <Text c="dimmed">{v.location ?? v.seller_location ?? 'Location not specified'}</Text>
      {v.distance_km !== null && v.distance_km !== undefined ? (
        <Text mt={4}>
          {v.distance_km} km from your location{positionSourceText(source, place)}
        </Text>
      ) : (
        <Text mt={4} c="dimmed">
          {distanceText(null)}
        </Text>
      )}
    </Card>
  );
}

/** The way to the seller ('Get Your Dream Car'): Google Maps and Waze, when the seller's coordinates are known. */
export function Directions({ vehicle: v }: { vehicle: Vehicle }) {
  if (v.seller_latitude === null || v.seller_longitude === null) return <Alert color="gray">Location information not available</Alert>;
  const destination = `${v.seller_latitude},${v.seller_longitude}`;
  return (
    <Card bg="brand.0">
      <Title order={3} fz="h4" mb="xs">
        Get Your Dream Car
      </Title>
      <Text>
        {distanceText(v.distance_km)}. {driveTimeText(v.drive_time_minutes)}.
      </Text>
      <Group mt="sm" gap="xs">
        <Button component="a" href={`https://www.google.com/maps/dir/?api=1&destination=${destination}`} target="_blank" rel="noopener" variant="white">
          Open in Google Maps
        </Button>
        <Button component="a" href={`https://waze.com/ul?ll=${destination}&navigate=yes`} target="_blank" rel="noopener" variant="white">
          Navigate with Waze
        </Button>
      </Group>
    </Card>
  );
}
