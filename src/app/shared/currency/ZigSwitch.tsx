import { Switch, type MantineSpacing } from '@mantine/core';
import { ZIG_TEXTS, zigRateLine } from '@/domain/payments/zig';
import { setShowZig, useZig } from './zigPreference';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** 'Also show prices in ZiG', with the rate and its date (shown by ZigChoice once a rate is set). */
export function ZigSwitch({ mt, mb }: { mt?: MantineSpacing; mb?: MantineSpacing }) {
  const zig = useZig();
  if (!zig.available) return null;
  return (
    <Switch
      size="sm"
      mt={mt}
      mb={mb}
      label={t(ZIG_TEXTS.show)}
      description={zig.show && zig.rate ? `${zigRateLine(zig.rate, currentLanguage(), t)} · ${t(ZIG_TEXTS.aboutShort)}` : undefined}
      checked={zig.show}
      onChange={(e) => setShowZig(e.currentTarget.checked)}
      data-zig-switch
    />
  );
}
