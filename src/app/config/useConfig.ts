import { useEffect, useState } from 'react';
import { fetchConfig, type AppConfig } from '../../data/api';
import { db } from '../../data/db';
import { PRODUCT_NAME } from '../../domain/constants';

let cached: AppConfig | null = null;
const listeners = new Set<(c: AppConfig) => void>();

/** Loads the server's configuration once per visit; the last copy is kept on the device for offline visits. */
async function load(): Promise<void> {
  const stored = await db.meta.get('config');
  if (stored?.config) publish(stored.config);
  try {
    const fresh = await fetchConfig();
    publish(fresh);
    await db.meta.put({ key: 'config', config: fresh });
  } catch (err) {
    console.warn('configuration not refreshed', err);
  }
}

function publish(c: AppConfig) {
  cached = c;
  for (const l of listeners) l(c);
}

let started = false;

export function useConfig(): AppConfig | null {
  const [config, setConfig] = useState(cached);
  useEffect(() => {
    listeners.add(setConfig);
    if (!started) {
      started = true;
      void load();
    }
    return () => {
      listeners.delete(setConfig);
    };
  }, []);
  return config;
}

/** The support address from the server's configuration (empty until it is known). */
export function useSupportEmail(): string {
  return useConfig()?.support_email ?? '';
}

export function useProductName(): string {
  return useConfig()?.product_name ?? PRODUCT_NAME;
}
