import { Badge, Group, type MantineSize } from '@mantine/core';
import type { Vehicle } from '@/domain/listing/vehicle';
import { TRUST_BADGE_HINTS, TRUST_BADGES, trustSignals, type TrustSignal } from '@/domain/listing/trust';
import { t } from '@/app/shared/i18n/language';

/** A listing's trust badges ('Verified dealer', 'Phone verified', 'Duty paid', 'Papers ready'); nothing when it has none. */
export function TrustBadges({ vehicle, size = 'sm' }: { vehicle: Pick<Vehicle, TrustSignal>; size?: MantineSize }) {
  const signals = trustSignals(vehicle);
  if (!signals.length) return null;
  return (
    <Group gap={6} data-testid="trust-badges">
      {signals.map((s) => (
        <Badge key={s} size={size} variant="light" color={s === 'verified_dealer' ? 'teal' : 'green'} title={t(TRUST_BADGE_HINTS[s])}>
          {t(TRUST_BADGES[s])}
        </Badge>
      ))}
    </Group>
  );
}
