import { Tabs } from '@mantine/core';
import { VEHICLE_TYPE_LABELS, type VehicleType } from '@/domain/core/constants';
import { t } from '@/app/shared/i18n/language';

const TYPES: readonly VehicleType[] = ['car', 'construction', 'farming'];

/** The home search panel's Cars / Construction / Farming tabs (spec section 2.5). */
export function VehicleTypeTabs({ value, onChange, grow = false }: { value: VehicleType; onChange: (type: VehicleType) => void; grow?: boolean }) {
  return (
    <Tabs value={value} onChange={(v) => v && onChange(v as VehicleType)}>
      <Tabs.List grow={grow} mb="md">
        {TYPES.map((type) => (
          <Tabs.Tab key={type} value={type}>
            {t(VEHICLE_TYPE_LABELS[type])}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
