import { useEffect, useState } from 'react';
import { fetchConfig, type AppConfig } from '@/data/config';
import { PRODUCT_NAME } from '@/domain/core/constants';

let cached: AppConfig | null = null;
const listeners = new Set<(c: AppConfig) => void>();

const STORAGE_KEY = 'motokariConfig';

/**
 * Loads the server's configuration once per visit; the last copy is kept on the device (local
 * storage: small, and read without waiting for the database) for offline visits.
 */
async function load(): Promise<void> {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as AppConfig | null;
    if (stored && typeof stored === 'object' && typeof stored.support_email === 'string') publish(stored);
  } catch {
    localStorage.removeItem(STORAGE_KEY);
  }
  try {
    const fresh = await fetchConfig();
    publish(fresh);
    localStorage.setItem(STORAGE_KEY, JSON.stringify(fresh));
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
