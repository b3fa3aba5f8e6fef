import { Link } from 'react-router-dom';
import { Badge, Box, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { CARD_FALLBACKS, distanceBandLabel, distanceText, driveTimeText, fuelText, mileageText, priceText, titleOf, transmissionText } from '@/domain/listing/display';
import type { Vehicle } from '@/domain/listing/vehicle';
import { cardPhotoUrl } from '@/domain/listing/photos';
import { isBoosted } from '@/domain/payments/boostOrder';
import { BoostedBadge } from '@/app/shared/vehicleCard/BoostedBadge';
import { ZigPrice } from '@/app/shared/currency/ZigPrice';
import { t } from '@/app/shared/i18n/language';

/** A car in the phone's home list: photo ('Boosted' while boosted), price, title, key facts, place and distance; opens /car/{id}. */
export function MobileCarRow({ vehicle: v }: { vehicle: Vehicle }) {
  const band = distanceBandLabel(v.distance_km, t);
  return (
    <Paper component={Link} to={`/car/${v.id}`} withBorder radius="lg" p={8} shadow="xs" style={{ textDecoration: 'none', color: 'inherit', display: 'block' }}>
      <Group gap="sm" wrap="nowrap" align="stretch">
        <Box pos="relative" w={116} style={{ flexShrink: 0 }}>
          <Image src={cardPhotoUrl(v.images[0])} alt={titleOf(v)} w={116} h={96} radius="md" fit="cover" fallbackSrc={PLACEHOLDER_IMAGE} loading="lazy" />
          <Badge pos="absolute" top={6} left={6} size="xs" variant="filled" color={v.seller_type === 'dealer' ? 'brand' : 'gray'}>
            {v.seller_type === 'dealer' ? t(/*i18n*/ 'Dealer') : t(/*i18n*/ 'Private')}
          </Badge>
          {/* While a boost holds it at the top (spec 2.10): said, so buyers are not misled about its age. */}
          {isBoosted(v) ? (
            <Box pos="absolute" bottom={6} left={6}>
              <BoostedBadge size="xs" />
            </Box>
          ) : null}
        </Box>
        <Stack gap={2} miw={0} style={{ flex: 1 }} justify="center">
          <Text fw={800} fz="lg" c="brand.8" lh={1.2}>
            {priceText(v.price, CARD_FALLBACKS.price, t)}
          </Text>
          <ZigPrice usd={v.price} />
          <Text fw={650} fz="sm" lineClamp={1} title={titleOf(v)}>
            {titleOf(v)}
          </Text>
          <Text fz="xs" c="dimmed" lineClamp={1}>
            {[mileageText(v, t), fuelText(v.fuel_type, undefined, t), transmissionText(v.transmission, undefined, t)].join(' · ')}
          </Text>
          <Text fz="xs" lineClamp={1}>
            {v.location ?? v.seller_location ?? t(CARD_FALLBACKS.location)}
          </Text>
          {v.distance_km !== undefined ? (
            <Group gap={6} wrap="nowrap">
              {band ? (
                <Badge variant="light" color="brand" size="xs" style={{ flexShrink: 0 }}>
                  {band}
                </Badge>
              ) : null}
              <Text fz={11} c="dimmed" lineClamp={1}>
                {distanceText(v.distance_km, t)} · {driveTimeText(v.drive_time_minutes, t)}
              </Text>
            </Group>
          ) : null}
        </Stack>
      </Group>
    </Paper>
  );
}
