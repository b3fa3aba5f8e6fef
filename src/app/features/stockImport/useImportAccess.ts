import { useEffect, useState } from 'react';
import type { User } from '@/domain/account/user';
import { fetchTeamRole } from './importApi';

export type ImportAccess = 'checking' | 'allowed' | 'refused' | 'unknown';

/**
 * Whether the signed-in account may import stock: a dealer account may (GET /api/me/team answers
 * 'owner' for every one, so it is not asked), and so may a dealer's staff, which only the server knows.
 */
export function useImportAccess(user: User): ImportAccess {
  const isDealer = user.user_type === 'dealer';
  const [access, setAccess] = useState<ImportAccess>(isDealer ? 'allowed' : 'checking');

  useEffect(() => {
    if (isDealer) return;
    const controller = new AbortController();
    fetchTeamRole(controller.signal)
      .then((role) => setAccess(role === null ? 'refused' : 'allowed'))
      .catch((err: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('team role not loaded', err);
        setAccess('unknown');
      });
    return () => controller.abort();
  }, [isDealer]);

  return access;
}
