import { lazy, Suspense } from 'react';
import { Badge, Card, Group, Image, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { Vehicle } from '../../domain/vehicle';
import { PLACEHOLDER_IMAGE } from '../../domain/constants';
import {
  CARD_FALLBACKS,
  conditionText,
  distanceBandLabel,
  distanceText,
  driveTimeText,
  fuelText,
  mileageText,
  priceText,
  sellerBadge,
  titleOf,
  transmissionText,
} from '../../domain/display';
import { useSession } from '../account/session';

export const thumb = (url: string | undefined) => (url ? url.replace(/-full\.webp$/, '-thumb.webp') : PLACEHOLDER_IMAGE);

// The admin-only delete control (spec 2.6) loads only for admins: buyers' first screen does not carry it.
const AdminCardControls = lazy(() => import('../admin/AdminVehicleControls').then((m) => ({ default: m.AdminCardControls })));

/**
 * A listing in a results grid; the whole card opens /car/{id}. `priority` marks the grid's first card
 * where it opens the page: its photo is the screen's largest paint, so it loads at once and first.
 */
export function VehicleCard({
  vehicle: v,
  fallbacks = CARD_FALLBACKS,
  priority = false,
}: {
  vehicle: Vehicle;
  fallbacks?: { price: string; location: string; fuel: string; transmission: string };
  priority?: boolean;
}) {
  const band = distanceBandLabel(v.distance_km);
  const { isAdmin } = useSession();
  const card = (
    <Card component={Link} to={`/car/${v.id}`} padding={0} shadow="xs" style={{ textDecoration: 'none', color: 'inherit', overflow: 'hidden' }}>
      <Card.Section style={{ position: 'relative' }}>
        <Image
          src={thumb(v.images[0])}
          alt={titleOf(v)}
          h={180}
          fit="cover"
          fallbackSrc={PLACEHOLDER_IMAGE}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : undefined}
          style={{ aspectRatio: '4 / 3', width: '100%', height: 'auto' }}
        />
        <Group gap={6} style={{ position: 'absolute', top: 10, left: 10 }}>
          <Badge color={v.seller_type === 'dealer' ? 'brand' : 'gray'} variant="filled" size="sm">
            {sellerBadge(v.seller_type)}
          </Badge>
          {v.featured ? (
            <Badge color="gold" c="dark" variant="filled" size="sm">
              Featured
            </Badge>
          ) : null}
        </Group>
      </Card.Section>
      <Stack gap={6} p="md">
        <Text fw={800} fz="xl" c="brand.8">
          {priceText(v.price, fallbacks.price)}
        </Text>
        <Text fw={650} lineClamp={1} title={titleOf(v)}>
          {titleOf(v)}
        </Text>
        <Text fz="sm" c="dimmed">
          {[mileageText(v), fuelText(v.fuel_type, fallbacks.fuel), transmissionText(v.transmission, fallbacks.transmission), conditionText(v.condition)].join(' · ')}
        </Text>
        <Text fz="sm" lineClamp={1}>
          {v.location ?? v.seller_location ?? fallbacks.location}
        </Text>
        {v.distance_km !== undefined ? (
          <Group gap={6} wrap="nowrap">
            {band ? (
              <Badge variant="light" color="brand" size="sm" style={{ flexShrink: 0 }}>
                {band}
              </Badge>
            ) : null}
            <Text fz="xs" c="dimmed" lineClamp={1}>
              {distanceText(v.distance_km)} · {driveTimeText(v.drive_time_minutes)}
            </Text>
          </Group>
        ) : null}
        {v.seller_name ? (
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {v.seller_name}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
  if (!isAdmin) return card;
  return (
    <Suspense fallback={card}>
      <AdminCardControls vehicle={v}>{card}</AdminCardControls>
    </Suspense>
  );
}
