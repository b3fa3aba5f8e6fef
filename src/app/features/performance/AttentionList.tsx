import { Link } from 'react-router-dom';
import { Badge, Box, Button, Card, Group, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { DASHBOARD_TEXTS } from '@/domain/listing/dashboard';
import { PERFORMANCE_TEXTS as T, type AttentionReason } from '@/domain/listing/performance';
import type { Vehicle } from '@/domain/listing/vehicle';
import type { PerformanceItem } from './usePerformance';
import { t } from '@/app/shared/i18n/language';

const REASON_COLORS: Record<AttentionReason, string> = { no_photos: 'orange', price_high: 'red', no_leads: 'yellow' };

function Item({ item: { row, listing }, onEdit }: { item: PerformanceItem; onEdit(v: Vehicle): void }) {
  const named = (label: string) => (
    <>
      {label}
      <VisuallyHidden> {row.title}</VisuallyHidden>
    </>
  );
  return (
    <Card padding="sm" radius="md" withBorder component="article" aria-label={row.title} style={{ borderLeft: '4px solid var(--mantine-color-orange-5)' }}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Text fw={700} lineClamp={1} title={row.title}>
            {row.title}
            {row.stock_number ? (
              <Text span c="dimmed" fw={500} fz="sm">
                {` · ${row.stock_number}`}
              </Text>
            ) : null}
          </Text>
          <Stack gap={4} component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
            {row.attention.map((reason) => (
              <Group key={reason} component="li" gap={8} wrap="nowrap" align="flex-start">
                <Box w={8} h={8} mt={7} bg={`${REASON_COLORS[reason]}.6`} style={{ borderRadius: 999, flexShrink: 0 }} aria-hidden />
                <Text fz="sm">{t(T.attention[reason])}</Text>
              </Group>
            ))}
          </Stack>
        </Stack>
        <Group gap={6} style={{ flex: '0 0 auto' }}>
          <Button size="xs" onClick={() => onEdit(listing)}>
            {named(t(DASHBOARD_TEXTS.edit))}
          </Button>
          <Button component={Link} to={`/car/${row.vehicle_id}`} size="xs" variant="default">
            {named(t(DASHBOARD_TEXTS.view))}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

/** The live listings that need attention, each with its reasons and a way to fix them (the listing wizard). */
export function AttentionList({ items, loading, onEdit }: { items: PerformanceItem[]; loading: boolean; onEdit(v: Vehicle): void }) {
  return (
    <section aria-labelledby="attention-heading">
      <Group gap="xs" mb="sm">
        <Title order={2} fz="xl" id="attention-heading">
          {t(T.needsAttention)}
        </Title>
        {items.length > 0 ? (
          <Badge color="orange" variant="light" size="lg" circle>
            {items.length}
          </Badge>
        ) : null}
      </Group>
      {loading ? (
        <Skeleton h={84} radius="md" />
      ) : items.length === 0 ? (
        <Card padding="md" radius="md" bg="green.0">
          <Text fz="sm" c="green.9" fw={600}>
            {t(T.nothingNeedsAttention)}
          </Text>
        </Card>
      ) : (
        <Stack gap="xs">
          {items.map((item) => (
            <Item key={item.row.vehicle_id} item={item} onEdit={onEdit} />
          ))}
        </Stack>
      )}
    </section>
  );
}
