import { PLAN_MESSAGES, planDate, REMINDER_DAYS } from '@/domain/payments/dealerPlan';
import type { AppContext } from '../context';
import { claimDueReminders } from '../repositories/dealerPlans.repo';
import { findUserById } from '../repositories/users.repo';
import { translatorFor } from '../i18n/translators';

const DAY_MS = 86_400_000;

/**
 * Reminds EcoCash dealers, by push and email, three days before their paid month ends. Each plan's
 * reminder is claimed in the database (one per paid_until) before it is sent, so of two instances, or
 * a retried run, only one sends it; a send that fails is not repeated (a reminder is not worth two).
 */
export async function sendPlanReminders(ctx: Pick<AppContext, 'db' | 'now' | 'push' | 'mailer' | 'config'>): Promise<number> {
  const now = ctx.now();
  const due = await claimDueReminders(ctx.db, now, new Date(now.getTime() + REMINDER_DAYS * DAY_MS));
  for (const plan of due) {
    const dealer = await findUserById(ctx.db, plan.userId);
    if (!dealer || !plan.paidUntil) continue;
    // In the language the dealer chose (issue 39).
    const { t, language } = translatorFor(dealer.language);
    const paidUntil = plan.paidUntil;
    const body = t(PLAN_MESSAGES.reminderBody, { date: planDate(paidUntil, language) });
    const title = t(PLAN_MESSAGES.reminderTitle);
    const ttl = Math.max(60, (paidUntil.getTime() - now.getTime()) / 1000);
    await ctx.push.notifyUser({ userId: dealer.id, payload: () => ({ title, body, url: '/dashboard', tag: 'dealer-plan' }), ttl });
    await ctx.mailer.send({ to: dealer.email, subject: title, text: `${body}\n\n${ctx.config.publicUrl.replace(/\/+$/, '')}/dashboard\n` });
  }
  return due.length;
}
