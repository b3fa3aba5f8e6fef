import { Badge, type MantineSize } from '@mantine/core';
import { BOOSTED_BADGE_TEXTS } from '@/domain/payments/boostOrder';
import { t } from '@/app/shared/i18n/language';

/** A deep orange, apart from the gold of 'Featured': white text on it keeps about 5:1 contrast (WCAG AA; Mantine's orange.9 gives 4.3:1), over a photo too. */
const BOOSTED_ORANGE = '#c2410c';

/**
 * 'Boosted': a listing a boost holds at the top of newest-first results (spec 2.10), on its card and
 * its page, so buyers know why an older listing comes first.
 */
export function BoostedBadge({ size }: { size: MantineSize }) {
  return (
    <Badge color={BOOSTED_ORANGE} variant="filled" size={size} title={t(BOOSTED_BADGE_TEXTS.boosted)} data-testid="boosted-badge">
      {t(BOOSTED_BADGE_TEXTS.badge)}
    </Badge>
  );
}
