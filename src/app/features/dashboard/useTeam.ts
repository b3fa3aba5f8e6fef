import { useEffect, useState } from 'react';
import { HTTPError } from 'ky';
import { useSnapshot } from 'valtio';
import { api } from '@/data/api';
import { TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import type { Team, TeamInvite } from '@/domain/account/dealerTeam';
import { syncStore } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

/**
 * A dealer's team (issue 38): its members and open invitations from GET /api/dealer/team when online;
 * an invitation sent (POST /api/dealer/invites) or cancelled, a member removed. A refused invitation (a
 * 4xx: already a member, an address the server does not take) explains itself in `inviteError`, under
 * the field; anything else is a toast.
 */
export function useTeam() {
  const { online } = useSnapshot(syncStore);
  const [team, setTeam] = useState<Team | null>(null);
  const [loading, setLoading] = useState(false);
  const [busy, setBusy] = useState(false);
  const [inviteError, setInviteError] = useState<string | null>(null);

  useEffect(() => {
    if (!online) return;
    const controller = new AbortController();
    setLoading(true);
    api
      .get('dealer/team', { signal: controller.signal })
      .json<Team>()
      .then(setTeam)
      .catch(async (err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('team not loaded', err);
        toast('error', await problemDetail(err, t(T.failed)));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [online]);

  /** Runs a change; true when the server took it. `refused` hears the server's reason for a 4xx instead of a toast. */
  const change = async (what: string, run: () => Promise<void>, refused?: (reason: string) => void): Promise<boolean> => {
    setBusy(true);
    try {
      await run();
      return true;
    } catch (err) {
      console.warn(`${what} failed`, err);
      const said = await problemDetail(err, t(T.failed));
      const status = err instanceof HTTPError ? err.response.status : 0;
      if (refused && status >= 400 && status < 500 && said !== t(T.failed)) refused(said);
      else toast('error', said);
      return false;
    } finally {
      setBusy(false);
    }
  };

  const invite = (email: string) =>
    change(
      'invitation',
      async () => {
        setInviteError(null);
        const sent = await api.post('dealer/invites', { json: { email } }).json<TeamInvite>();
        setTeam((t) => t && { ...t, invites: [...t.invites, sent] });
        toast('success', t(T.invited));
      },
      setInviteError,
    );

  const cancel = (id: string) =>
    change('cancelling the invitation', async () => {
      await api.delete(`dealer/invites/${id}`);
      setTeam((t) => t && { ...t, invites: t.invites.filter((i) => i.id !== id) });
      toast('success', t(T.cancelled));
    });

  const remove = (userId: string) =>
    change('removing the member', async () => {
      await api.delete(`dealer/members/${userId}`);
      setTeam((t) => t && { ...t, members: t.members.filter((m) => m.user_id !== userId) });
      toast('success', t(T.removed));
    });

  return { team, loading, busy, inviteError, clearInviteError: () => setInviteError(null), invite, cancel, remove };
}
