import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { zigRateLine, ZIG_TEXTS } from '@/domain/payments/zig';
import { useZigRate } from './useZigRate';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** The ZiG rate an administrator sets (issue 39): the rate in force with its date, and a new one. */
export function ZigRateCard() {
  const form = useZigRate();
  return (
    <Card component="section" aria-labelledby="zig-rate-heading" padding="lg">
      <Stack gap="sm">
        <Title order={3} fz="h4" id="zig-rate-heading">
          {t(ZIG_TEXTS.adminTitle)}
        </Title>
        <Text fz="sm" c="dimmed">
          {t(ZIG_TEXTS.adminText)}
        </Text>
        <Text fz="sm" fw={600} data-zig-current>
          {form.current ? `${t(ZIG_TEXTS.adminCurrent)}: ${zigRateLine(form.current, currentLanguage(), t)}` : t(ZIG_TEXTS.noRate)}
        </Text>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void form.save();
          }}
        >
          <Group align="flex-start" gap="sm">
            <NumberInput label={t(ZIG_TEXTS.adminLabel)} value={form.typed} onChange={form.setTyped} error={form.error} min={0} decimalScale={4} hideControls w={{ base: '100%', xs: 220 }} />
            <Button type="submit" loading={form.saving} mt={{ base: 0, xs: 25 }}>
              {t(ZIG_TEXTS.adminSave)}
            </Button>
          </Group>
        </form>
        {form.justSaved ? (
          <Text fz="sm" c="green.9" role="status">
            {t(ZIG_TEXTS.adminSaved)}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
