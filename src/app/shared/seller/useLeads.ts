import { useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { STORAGE_KEYS } from '@/domain/core/constants';
import { parseLeadsCache, type ListingLeads } from '@/domain/listing/leads';
import type { LeadsAnswer } from '@/domain/core/wire';
import { syncStore } from '@/app/shared/sync/syncStore';

function readCache(userId: string): LeadsAnswer | null {
  try {
    return parseLeadsCache(localStorage.getItem(STORAGE_KEYS.dashboardLeads), userId)?.leads ?? null;
  } catch {
    return null;
  }
}

function writeCache(userId: string, leads: LeadsAnswer): void {
  try {
    localStorage.setItem(STORAGE_KEYS.dashboardLeads, JSON.stringify({ userId, savedAt: new Date().toISOString(), leads }));
  } catch (err) {
    console.warn('leads not kept for offline visits', err);
  }
}

/**
 * The member's leads per listing (GET /api/me/leads): read when online, whenever `reloadKey` changes
 * (the listings were read again), and kept in local storage like the listings (useMyListings), so an
 * offline visit shows the charts as last loaded. Null while none has been loaded on this device.
 */
export function useLeads(userId: string, reloadKey: unknown): Map<string, ListingLeads> | null {
  const { online } = useSnapshot(syncStore);
  const [leads, setLeads] = useState<LeadsAnswer | null>(() => readCache(userId));

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    api
      .get('me/leads', { signal: controller.signal })
      .json<LeadsAnswer>()
      .then((answer) => {
        writeCache(userId, answer);
        setLeads(answer);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.warn('leads not loaded; showing the copy on this device', err);
      });
    return () => controller.abort();
  }, [userId, online, reloadKey]);

  return useMemo(() => (leads ? new Map(leads.listings.map((l) => [l.vehicle_id, l])) : null), [leads]);
}
