import { Button, Group, SegmentedControl } from '@mantine/core';
import { PERFORMANCE_TEXTS as T, PERFORMANCE_WINDOWS, type PerformanceWindow } from '@/domain/listing/performance';
import type { PerformanceState } from './usePerformance';
import { t } from '@/app/shared/i18n/language';

const windows = () => PERFORMANCE_WINDOWS.map((days) => ({ value: String(days), label: T.window(days, t) }));

function DownloadIcon() {
  return (
    <svg width={16} height={16} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2.2} strokeLinecap="round" strokeLinejoin="round" aria-hidden>
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19h14" />
    </svg>
  );
}

/** The window the numbers count over, and the table's download (built on the device: it works offline too). */
export function WindowBar({ perf }: { perf: PerformanceState }) {
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <SegmentedControl
        data={windows()}
        value={String(perf.window)}
        onChange={(v) => perf.setWindow(Number(v) as PerformanceWindow)}
        color="brand"
        radius="xl"
        fullWidth
        styles={{ label: { paddingInline: 6 } }}
        style={{ flex: '1 1 280px', minWidth: 0, maxWidth: 440 }}
      />
      <Button variant="light" radius="xl" leftSection={<DownloadIcon />} onClick={perf.download} disabled={perf.items.length === 0} style={{ flex: '0 0 auto' }}>
        {t(T.exportCsv)}
      </Button>
    </Group>
  );
}
