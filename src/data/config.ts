// The server's public configuration. Read with fetch itself: the first screen needs it (the support
// address, the product's name) but none of the API client (ky), which loads with the first call
// that does.

import type { ZigRate } from '@/domain/payments/zigPrice';

export interface AppConfig {
  product_name: string;
  support_email: string;
  payments: {
    card: { provider: string; mode: string; publishable_key: string | null } | null;
    mobile_money: { provider: string; mode: string };
    sandbox_pins: { approve: string; decline: string } | null;
  };
  push_public_key: string | null;
  /** The ZiG rate an administrator set (issue 39); absent from a copy kept before it existed. */
  zig_rate?: ZigRate | null;
}

/** GET /api/config. */
export async function fetchConfig(): Promise<AppConfig> {
  const res = await fetch('/api/config');
  if (!res.ok) throw new Error(`configuration not loaded (${res.status})`);
  return (await res.json()) as AppConfig;
}
