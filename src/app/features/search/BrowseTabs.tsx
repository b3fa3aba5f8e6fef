import { Tabs } from '@mantine/core';
import { VEHICLE_TYPE_LABELS, type VehicleType } from '@/domain/core/constants';
import css from './BrowsePage.module.css';
import { t } from '@/app/shared/i18n/language';

const TYPE_TABS: { type: VehicleType; label: string; path: string }[] = [
  { type: 'car', label: VEHICLE_TYPE_LABELS.car, path: '/cars' },
  { type: 'construction', label: VEHICLE_TYPE_LABELS.construction, path: '/construction' },
  { type: 'farming', label: VEHICLE_TYPE_LABELS.farming, path: '/farming' },
];

/** The browse screen's tabs, one per vehicle type: a tab opens its own screen's address. */
export function BrowseTabs({ type, onSwitch }: { type: VehicleType; onSwitch: (path: string) => void }) {
  return (
    <Tabs
      value={type}
      onChange={(v) => {
        if (!v) return;
        onSwitch(TYPE_TABS.find((tab) => tab.type === v)!.path);
      }}
    >
      <Tabs.List>
        {TYPE_TABS.map((tab) => (
          <Tabs.Tab key={tab.type} value={tab.type} className={css.tab}>
            {t(tab.label)}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
