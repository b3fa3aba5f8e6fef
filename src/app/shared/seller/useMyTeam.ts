import { useCallback, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import type { MyTeam } from '@/domain/account/dealerTeam';
import type { User } from '@/domain/account/user';
import { syncStore } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import { keepTeam, readTeam } from './myTeamCache';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

const NO_TEAM: MyTeam = { role: null, dealer: null };

/**
 * Whom the signed-in member works for (issue 38), from GET /api/me/team when online, else as kept on the
 * device: a dealer's staff manage the dealer's listings, so `sellerId` (whose listings the dashboard
 * lists) is the dealer's id for them and the member's own for everyone else. A dealer account is its
 * own team's owner and asks nothing. `leave` takes a member off the team (DELETE /api/me/team).
 */
export function useMyTeam(user: User) {
  const { online } = useSnapshot(syncStore);
  const owner = user.user_type === 'dealer';
  const [team, setTeam] = useState<MyTeam | null>(() => (owner ? null : readTeam(user.id)));
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const reload = useCallback(() => setAttempt((n) => n + 1), []);

  useEffect(() => {
    if (owner || !online) return;
    const controller = new AbortController();
    api
      .get('me/team', { signal: controller.signal })
      .json<MyTeam>()
      .then((answer) => {
        keepTeam(user.id, answer);
        setTeam(answer);
      })
      .catch((err: unknown) => {
        if (!controller.signal.aborted) console.warn('team not loaded; using the copy on this device', err);
      });
    return () => controller.abort();
  }, [owner, online, user.id, attempt]);

  const leave = async () => {
    setBusy(true);
    try {
      await api.delete('me/team');
      keepTeam(user.id, NO_TEAM);
      setTeam(NO_TEAM);
      toast('success', t(T.left));
      reload();
    } catch (err) {
      console.warn('team not left', err);
      toast('error', await problemDetail(err, t(T.failed)));
    } finally {
      setBusy(false);
    }
  };

  const staffOf = team?.role === 'staff' ? team.dealer : null;
  return { staffOf, sellerId: staffOf?.id ?? user.id, busy, offline: !online, leave };
}

export type MyTeamState = ReturnType<typeof useMyTeam>;
