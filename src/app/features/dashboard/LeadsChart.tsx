import { Box, Group, Stack, Text } from '@mantine/core';
import { LEADS_CHART_DAYS, LEADS_TEXTS as L, LEADS_WINDOWS, LISTING_EVENT_KINDS, leadsTotal, type ListingLeads } from '@/domain/listing/leads';
import { wholeNumberText } from '@/domain/core/numbers';
import { t } from '@/app/shared/i18n/language';

const WIDTH = 180;
const HEIGHT = 36;

/**
 * A listing's leads on the dashboard: each kind's total over the last 7 and 30 days, and its views
 * (and, darker, its contact requests) per day over the last 30 days as plain SVG bars.
 */
export function LeadsChart({ leads }: { leads: ListingLeads }) {
  const days = Math.min(LEADS_CHART_DAYS, leads.view.length);
  const views = leads.view.slice(-days);
  const contacts = leads.contact.slice(-days);
  const top = Math.max(1, ...views, ...contacts);
  const step = WIDTH / days;
  const bar = (n: number) => (n / top) * HEIGHT;
  return (
    <Stack gap={4} mt="sm" data-testid="leads" aria-label={t(L.title)}>
      <Group gap="md" align="flex-end" wrap="wrap">
        <Box component="svg" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} w={WIDTH} h={HEIGHT} role="img" aria-label={L.chartLabel(days, t)} style={{ flexShrink: 0 }}>
          <line x1={0} x2={WIDTH} y1={HEIGHT - 0.5} y2={HEIGHT - 0.5} stroke="var(--mantine-color-gray-4)" />
          {views.map((n, i) => (
            <rect key={`v${i}`} x={i * step + 0.5} y={HEIGHT - bar(n)} width={step - 1} height={bar(n)} fill="var(--mantine-color-brand-3)" />
          ))}
          {contacts.map((n, i) => (n ? <rect key={`c${i}`} x={i * step + 0.5} y={HEIGHT - bar(n)} width={step - 1} height={bar(n)} fill="var(--mantine-color-brand-8)" /> : null))}
        </Box>
        <Box component="table" fz="xs" style={{ borderCollapse: 'collapse' }}>
          <thead>
            <tr>
              <Box component="th" ta="left" pr="sm" fw={600}>
                {t(L.title)}
              </Box>
              {LEADS_WINDOWS.map((w) => (
                <Box component="th" key={w} ta="right" pr="sm" fw={600}>
                  {L.window(w, t)}
                </Box>
              ))}
            </tr>
          </thead>
          <tbody>
            {LISTING_EVENT_KINDS.map((kind) => (
              <tr key={kind} data-kind={kind}>
                <Box component="th" ta="left" pr="sm" fw={400} c="dimmed">
                  {t(L.kinds[kind])}
                </Box>
                {LEADS_WINDOWS.map((w) => (
                  <Box component="td" key={w} ta="right" pr="sm" data-days={w}>
                    <Text span fz="xs" fw={650}>
                      {wholeNumberText(leadsTotal(leads[kind], w))}
                    </Text>
                  </Box>
                ))}
              </tr>
            ))}
          </tbody>
        </Box>
      </Group>
    </Stack>
  );
}
