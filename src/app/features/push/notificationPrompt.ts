// When the notification prompt of spec section 4 shows. Kept apart from notifications.ts: the first
// screen needs only this, not the push texts.

/** The prompt shows this long after load (spec section 9: "notification prompt 10 s"). */
export const NOTIFICATION_PROMPT_DELAY_MS = 10_000;
/** A dismissed prompt stays away this long (spec section 9: "14-day dismissal memory"). */
export const NOTIFICATION_PROMPT_DISMISS_DAYS = 14;
const DISMISS_MS = NOTIFICATION_PROMPT_DISMISS_DAYS * 86_400_000;

export type PromptPermission = 'default' | 'granted' | 'denied' | 'unsupported';

/**
 * Whether the prompt is due: permission undecided (or no notification support at all, so the user
 * learns why when they accept) and not dismissed in the last 14 days. A dismissal dated in the future
 * (a clock that was wrong, then put right) hides nothing.
 */
export function notificationPromptDue(permission: PromptPermission, dismissedAt: number | null, now: number): boolean {
  if (permission === 'granted' || permission === 'denied') return false;
  return dismissedAt === null || !Number.isFinite(dismissedAt) || dismissedAt > now || now - dismissedAt >= DISMISS_MS;
}
