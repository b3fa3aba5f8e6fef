import { proxy, useSnapshot } from 'valtio';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { zigText } from '@/domain/payments/zigPrice';
import { t } from '@/app/shared/i18n/language';
import { useConfig } from '@/app/shared/config/useConfig';

// Whether this buyer also sees prices in ZiG (issue 39): a choice kept on the device, read by every
// price a buyer sees. The rate comes with the server's configuration, whose last copy the device keeps,
// so ZiG figures show offline at the last rate.

function stored(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.showZig) === '1';
  } catch {
    return false;
  }
}

const zigPreference = proxy({ show: stored() });

export function setShowZig(show: boolean): void {
  zigPreference.show = show;
  try {
    if (show) localStorage.setItem(STORAGE_KEYS.showZig, '1');
    else localStorage.removeItem(STORAGE_KEYS.showZig);
  } catch (err) {
    console.warn('the ZiG choice could not be kept on this device', err);
  }
}

/** The ZiG choice and the rate: whether it can be offered (a rate is set), chosen, and the rate. */
export function useZig() {
  const { show } = useSnapshot(zigPreference);
  const rate = useConfig()?.zig_rate ?? null;
  return {
    available: rate !== null,
    show: show && rate !== null,
    rate,
    /** 'about ZiG 182,000' for a price, when the buyer chose ZiG and a rate is known; else null. */
    textOf: (usd: number | null) => (show && rate ? zigText(usd, rate.rate, t) : null),
  };
}
