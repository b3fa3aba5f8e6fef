import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { HTTPError } from 'ky';
import { api } from '@/data/api';
import { TEAM_MESSAGES, TEAM_TEXTS as T } from '@/domain/account/dealerTeam';
import type { InvitePreview, MyTeam } from '@/domain/account/dealerTeam';
import { SITE_NAME } from '@/domain/content/pageTitles';
import { useSession } from '@/app/shared/session/session';
import { toast } from '@/app/shared/toasts/toasts';
import { keepTeam } from '@/app/shared/seller/myTeamCache';
import { problemDetail } from '@/app/shared/problemDetail';
import { t } from '@/app/shared/i18n/language';

/** The server's reason; a link the server's schema refuses (a cut or altered token) reads as a used one. */
async function reason(err: unknown): Promise<string> {
  if (err instanceof HTTPError && err.response.status === 422) return t(TEAM_MESSAGES.inviteGone);
  return problemDetail(err, t(T.failed));
}

/**
 * An invitation's link, /join/{token} (issue 38): what it offers (GET /api/team/invites/{token}, no
 * sign-in needed) and, for a signed-in person, accepting it (POST /api/team/join), which opens the
 * dashboard with the dealer's listings. A refusal (used or expired, another address, a dealer account,
 * already on a team) is the server's `problem`, shown on the page.
 */
export function useJoinInvite(token: string) {
  const { user, restoring } = useSession();
  const navigate = useNavigate();
  const [preview, setPreview] = useState<InvitePreview | null>(null);
  const [loading, setLoading] = useState(true);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    setProblem(null);
    api
      .get(`team/invites/${encodeURIComponent(token)}`, { signal: controller.signal })
      .json<InvitePreview>()
      .then((answer) => {
        setPreview(answer);
        document.title = `${T.joinTitle(answer.dealer_name, t)} | ${SITE_NAME}`;
      })
      .catch(async (err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('invitation not read', err);
        setProblem(await reason(err));
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, [token]);

  const join = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const team = await api.post('team/join', { json: { token } }).json<MyTeam>();
      if (user) keepTeam(user.id, team);
      toast('success', T.joined(team.dealer?.name ?? preview?.dealer_name ?? '', t));
      navigate('/dashboard');
    } catch (err) {
      console.warn('invitation not accepted', err);
      setProblem(await reason(err));
    } finally {
      setBusy(false);
    }
  };

  return { preview, loading, busy, problem, signedIn: user !== null, restoring, join };
}
