import type { ReactNode } from 'react';
import { Badge, Card, Group, SimpleGrid, Skeleton, Text, type SimpleGridProps } from '@mantine/core';
import css from './VehicleCard.module.css';

const VEHICLE_CARD_IMAGE_HEIGHT = 180;

// Each placeholder line wraps a blank Text of the card's own typography, so it takes exactly the
// height the real line will take and the grid does not move when the results arrive.
function Line({ w, children }: { w: number | string; children: ReactNode }) {
  return (
    <Skeleton w={w} radius="sm">
      {children}
    </Skeleton>
  );
}

/** A loading placeholder with the outer size of a `VehicleCard` (price and verdict, one-line specs, distance row, seller). */
export function VehicleCardSkeleton() {
  return (
    <Card padding={0} shadow="xs" style={{ overflow: 'hidden' }} aria-hidden data-testid="vehicle-card-skeleton">
      <Card.Section>
        {/* VehicleCard's image: full width, 180 px high (its `h` wins over the aspect-ratio style). */}
        <Skeleton radius={0} h={VEHICLE_CARD_IMAGE_HEIGHT} />
      </Card.Section>
      {/* The card's own body rules (VehicleCard.module.css): its padding and gaps, denser on a phone. */}
      <div className={css.body}>
        {/* The price and its verdict's badge, which every priced card carries, on one row. */}
        <div className={css.priceRow}>
          <Line w="42%">
            <Text fw={800} fz="xl">
              &nbsp;
            </Text>
          </Line>
          <Skeleton w={84} radius="xl" style={{ display: 'flex' }}>
            <Badge size="sm">&nbsp;</Badge>
          </Skeleton>
        </div>
        <Line w="80%">
          <Text fw={650}>&nbsp;</Text>
        </Line>
        <Line w="92%">
          <Text fz="sm">&nbsp;</Text>
        </Line>
        <Line w="55%">
          <Text fz="sm">&nbsp;</Text>
        </Line>
        <Group gap={6} wrap="nowrap">
          {/* Flex, so the inline badge adds no line box of its own. */}
          <Skeleton w={72} radius="xl" style={{ flexShrink: 0, display: 'flex' }}>
            <Badge size="sm">&nbsp;</Badge>
          </Skeleton>
          <Line w="50%">
            <Text fz="xs">&nbsp;</Text>
          </Line>
        </Group>
        <Line w="38%">
          <Text fz="xs">&nbsp;</Text>
        </Line>
      </div>
    </Card>
  );
}

/** `count` card placeholders in the same grid as the results they stand for. */
export function VehicleGridSkeleton({ count, cols = { base: 1, xs: 2, md: 3, lg: 4 }, spacing = 'md' }: { count: number; cols?: SimpleGridProps['cols']; spacing?: SimpleGridProps['spacing'] }) {
  return (
    <SimpleGrid cols={cols} spacing={spacing} aria-hidden>
      {Array.from({ length: count }, (_, i) => (
        <VehicleCardSkeleton key={i} />
      ))}
    </SimpleGrid>
  );
}
