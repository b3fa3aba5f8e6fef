import { Button, Container, Group, Paper, SegmentedControl, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { VehicleType } from '@/domain/core/constants';
import { CatalogueSelects } from '@/app/shared/search/CatalogueSelects';
import { FilterChips } from '@/app/shared/search/FilterChips';
import { DesktopMoreFilters } from './DesktopMoreFilters';
import type { useDesktopHomeSearch } from './useDesktopHomeSearch';
import { VehicleTypeTabs } from './VehicleTypeTabs';
import { t } from '@/app/shared/i18n/language';

/** The desktop home page's 'Start Your Search' panel: the type tabs, the filters, Reset and Search, and the applied filters' chips. */
export function DesktopSearchPanel({ tab, setTab, search }: { tab: VehicleType; setTab: (t: VehicleType) => void; search: ReturnType<typeof useDesktopHomeSearch> }) {
  const { form, set, level } = search;
  return (
    <Container size="xl" mt={-24} pos="relative">
      <Paper shadow="md" radius="lg" p={{ base: 'md', sm: 'xl' }} withBorder>
        <Title order={2} fz="h3" mb="sm">
          {t(/*i18n*/ 'Start Your Search')}
        </Title>
        <VehicleTypeTabs value={tab} onChange={setTab} />
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }} spacing="sm">
          <CatalogueSelects vehicleType={tab} value={form} onChange={(field, v) => set(field)(v)} />
          <Stack gap={4}>
            <Text fz="sm" fw={500}>
              {t(/*i18n*/ 'Listing type')}
            </Text>
            <SegmentedControl
              data={[
                { value: 'all', label: t(/*i18n*/ 'All') },
                { value: 'private', label: t(/*i18n*/ 'Private') },
                { value: 'dealer', label: t(/*i18n*/ 'Dealer') },
              ]}
              value={form.seller_type ?? 'all'}
              onChange={(v) => set('seller_type')(v === 'all' ? null : v)}
            />
          </Stack>
          <DesktopMoreFilters tab={tab} level={level} form={form} set={set} />
        </SimpleGrid>
        <Group mt="md" justify="space-between">
          <Button variant="subtle" onClick={search.nextLevel}>
            {level === 3 ? t(/*i18n*/ 'Hide filters') : t(/*i18n*/ 'Show more filters')}
          </Button>
          <Group gap="sm">
            <Button variant="default" onClick={search.reset}>
              {t(/*i18n*/ 'Reset')}
            </Button>
            <Button onClick={search.submit}>{t(/*i18n*/ 'Search')}</Button>
          </Group>
        </Group>
        <FilterChips chips={search.chips} onRemove={search.removeChip} keepCase={false} mt="md" />
      </Paper>
    </Container>
  );
}
