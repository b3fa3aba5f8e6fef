import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { DEALER_PLAN_TEXTS as T, planDate } from '@/domain/payments/dealerPlan';
import type { PlanInvoice } from '@/domain/payments/dealerPlanWire';
import { formatUsd } from '@/domain/payments/fees';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** The plan's invoices, newest first, each with its PDF. */
export function PlanInvoiceList({ invoices, onDownload }: { invoices: PlanInvoice[]; onDownload(invoice: PlanInvoice): void }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {t(T.invoices)}
      </Title>
      {invoices.length === 0 ? (
        <Text fz="sm" c="dimmed">
          {t(T.noInvoices)}
        </Text>
      ) : (
        <Stack gap={6} component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {invoices.map((invoice) => (
            <Group key={invoice.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text fz="sm" fw={650}>
                  {invoice.number} · {formatUsd(invoice.amount_cents)}
                </Text>
                <Text fz="xs" c="dimmed">
                  {planDate(invoice.period_start, currentLanguage())} – {planDate(invoice.period_end, currentLanguage())} · {t(PAYMENT_TEXTS.methods[invoice.method])}
                </Text>
              </div>
              <Button size="compact-sm" variant="light" onClick={() => onDownload(invoice)} aria-label={T.downloadLabel(invoice.number, t)} style={{ flexShrink: 0 }}>
                {t(T.download)}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
