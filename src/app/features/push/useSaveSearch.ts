import { useEffect, useMemo, useState } from 'react';
import { SAVED_SEARCH_MESSAGES, SAVED_SEARCH_TEXTS as T } from '@/domain/account/notifications';
import { locationStore } from '@/app/shared/location/locationStore';
import { useTransitionSnapshot } from '@/app/shared/useTransitionSnapshot';
import type { SaveSearchButtonProps } from '@/app/shared/slots';
import { currentPermission } from './pushGate';
import { enableNotifications } from './pushClient';
import { createSavedSearch } from './savedSearchApi';
import { suggestedSearchName } from './savedSearchText';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

/**
 * Saving the current filters as a search: the query (with the buyer's position when it has a
 * distance), the dialog's name and what went wrong, whether these filters are saved already, and
 * turning notifications on once they are.
 */
export function useSaveSearch({ type, fields }: SaveSearchButtonProps) {
  const { position } = useTransitionSnapshot(locationStore, (s) => ({ position: s.position }));
  const query = useMemo(() => {
    const q: Record<string, string | number> = { vehicle_type: type };
    // The server drops 'all' and other empty values by the domain's rules; this screen ships no validator.
    for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') q[k] = v;
    // "Within N km" is measured from the buyer: the position goes with the search only then.
    if (q.distance !== undefined) {
      q.buyer_lat = position.latitude;
      q.buyer_lon = position.longitude;
    }
    return q;
  }, [type, fields, position]);
  const key = JSON.stringify(query);
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [nameError, setNameError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [savedKey, setSavedKey] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const saved = savedKey === key;

  // Other filters are another search: the button offers to save again.
  useEffect(() => setNotice(null), [key]);

  const start = () => {
    setName(suggestedSearchName(query, t));
    setNameError(null);
    setProblem(null);
    setNotice(null);
    setOpen(true);
  };

  const save = async () => {
    const trimmed = name.trim();
    setNameError(trimmed ? null : t(SAVED_SEARCH_MESSAGES.nameRequired));
    setProblem(null);
    if (!trimmed) return;
    setBusy(true);
    try {
      await createSavedSearch({ name: trimmed, query });
      setSavedKey(key);
    } catch (err) {
      setProblem(await problemDetail(err, t(T.saveFailed)));
    } finally {
      setBusy(false);
    }
  };

  const turnOn = async () => {
    const outcome = await enableNotifications();
    if (outcome === 'failed') setNotice(t(T.notificationsOff));
    else if (outcome === 'denied') setNotice(t(T.notificationsBlocked));
    else setOpen(false);
  };

  /** Whether the saved view offers to turn notifications on: the browser has not been asked yet. */
  const mayAsk = () => currentPermission() === 'default';

  return { saved, open, setOpen, start, name, setName, nameError, problem, busy, save, notice, mayAsk, turnOn };
}
