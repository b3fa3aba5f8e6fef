import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { Box, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { ListingLeads } from '@/domain/listing/leads';
import { PERFORMANCE_TEXTS as T, performanceRows, type PerformanceListing } from '@/domain/listing/performance';
import { t } from '@/app/shared/i18n/language';

/** The dashboard's way to the performance screen, saying how many listings need attention (any window: the reasons do not depend on it). */
export function PerformanceCard({ listings, leads }: { listings: PerformanceListing[] | null; leads: Map<string, ListingLeads> | null }) {
  const attention = useMemo(() => (listings ? performanceRows(listings, leads, 30).filter((r) => r.attention.length > 0).length : null), [listings, leads]);
  return (
    <Card padding="md" radius="lg" withBorder component="section" aria-labelledby="performance-entry-heading">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 220px' }}>
          <Title order={2} fz="md" id="performance-entry-heading">
            {t(T.title)}
          </Title>
          <Group gap={6} wrap="nowrap">
            {/* Orange text is too pale to read on white: the dot carries the colour, the words stay dark. */}
            {attention ? <Box w={8} h={8} bg="orange.6" style={{ borderRadius: 999, flexShrink: 0 }} aria-hidden /> : null}
            <Text fz="sm" c={attention ? 'dark.7' : 'dimmed'} fw={attention ? 700 : 400}>
              {attention === null ? t(T.entry) : T.entryAttention(attention, t)}
            </Text>
          </Group>
        </Stack>
        <Button component={Link} to="/dashboard/performance" variant="light" radius="xl">
          {t(T.open)}
        </Button>
      </Group>
    </Card>
  );
}
