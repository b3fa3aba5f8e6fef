import { Alert, Badge, Button, Card, Divider, Group, Loader, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { DEALER_PLAN_TEXT, DEALER_PLAN_TEXTS as T, planDate, type PlanMethod } from '@/domain/payments/dealerPlan';
import type { DealerPlan } from '@/domain/payments/dealerPlanWire';
import { formatUsd } from '@/domain/payments/fees';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { StripeCardField } from '@/app/shared/payments/StripeCardField';
import { EcocashPhoneInput } from '@/app/shared/payments/EcocashPhoneInput';
import { useDealerPlan, type DealerPlanState } from './useDealerPlan';
import { PlanInvoiceList } from './PlanInvoiceList';
import { currentLanguage, t } from '@/app/shared/i18n/language';

const STANDING_COLOURS = { none: 'gray', paid: 'green', grace: 'yellow', lapsed: 'red' } as const;

/** Where the plan stands, in words: paid until, the grace, lapsed, and what comes next. */
function Standing({ plan }: { plan: DealerPlan }) {
  const lines: string[] = [];
  if (plan.standing === 'none') lines.push(t(T.notSubscribed));
  if (plan.standing === 'paid' && plan.paid_until) lines.push(T.paidUntil(planDate(plan.paid_until, currentLanguage()), t));
  if (plan.standing === 'grace' && plan.grace_until) lines.push(T.inGrace(planDate(plan.grace_until, currentLanguage()), t));
  if (plan.standing === 'lapsed' && plan.grace_until) lines.push(T.lapsed(planDate(plan.grace_until, currentLanguage()), t));
  if (plan.next_payment_at) lines.push(plan.renews ? T.renewsOn(planDate(plan.next_payment_at, currentLanguage()), t) : T.dueOn(planDate(plan.next_payment_at, currentLanguage()), t));
  else if (plan.paid_up) lines.push(t(T.cancelledNote));
  return (
    <Stack gap={4} data-plan-standing={plan.standing}>
      {lines.map((line) => (
        <Text key={line} fz="sm" fw={line === lines[0] ? 650 : 400}>
          {line}
        </Text>
      ))}
    </Stack>
  );
}

/** Subscribing by card or paying a month with EcoCash, as the listing's payment step offers them. */
function PayForm({ p }: { p: DealerPlanState }) {
  if (p.ecocashTx) {
    return (
      <Stack gap="xs" role="status">
        <Text fz="sm">{t(T.waitingForPhone)}</Text>
        {p.sandboxPins ? (
          <Group gap="xs" grow>
            <Button onClick={() => void p.choosePin(p.sandboxPins!.approve)} loading={p.busy}>
              {PAYMENT_TEXTS.approvePin(p.sandboxPins.approve, t)}
            </Button>
            <Button variant="default" onClick={() => void p.choosePin(p.sandboxPins!.decline)} disabled={p.busy}>
              {PAYMENT_TEXTS.declinePin(p.sandboxPins.decline, t)}
            </Button>
          </Group>
        ) : (
          <Loader size="sm" />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <SegmentedControl
        fullWidth
        aria-label={t(PAYMENT_TEXTS.methodLabel)}
        value={p.method}
        onChange={(v) => p.chooseMethod(v as PlanMethod)}
        disabled={p.busy}
        data={[
          { value: 'card', label: t(PAYMENT_TEXTS.methods.card) },
          { value: 'ecocash', label: t(PAYMENT_TEXTS.methods.ecocash) },
        ]}
      />
      {p.method === 'card' ? (
        <>
          {p.card?.provider === 'sandbox' ? (
            <Alert color="yellow" variant="light" radius="md" py="xs">
              <Text fz="sm">{t(PAYMENT_TEXTS.sandboxCard)}</Text>
            </Alert>
          ) : null}
          {p.card?.provider === 'stripe' && p.card.publishable_key ? <StripeCardField publishableKey={p.card.publishable_key} handle={p.stripeCard} disabled={p.busy} /> : null}
          <Button onClick={() => void p.subscribeCard()} loading={p.busy} disabled={!p.card || !p.online}>
            {t(T.subscribeCard)}
          </Button>
        </>
      ) : (
        <>
          <EcocashPhoneInput value={p.msisdn} onChange={p.setMsisdn} error={p.fieldError} disabled={p.busy} />
          <Button onClick={() => void p.payEcocash()} loading={p.busy} disabled={!p.online}>
            {t(T.payEcocash)}
          </Button>
        </>
      )}
    </Stack>
  );
}

/** A dealer's monthly plan (issue 38; spec section 9): where it stands, paying for it, the drafts it publishes, its invoices. */
export function DealerPlanCard() {
  const p = useDealerPlan();
  const plan = p.plan;
  // An EcoCash plan is paid a month at a time, so its next month is offered while it runs; a card plan renews by itself.
  const canPay = plan && !plan.renews;
  return (
    <Card padding="lg" component="section" aria-labelledby="dealer-plan-heading" data-testid="dealer-plan">
      <Group justify="space-between" align="center" gap="xs">
        <Title order={2} fz="lg" id="dealer-plan-heading">
          {t(T.title)}
        </Title>
        {plan ? (
          <Badge color={STANDING_COLOURS[plan.standing]} variant="light" tt="none">
            {t(/*i18n*/ '{price}/month', { price: formatUsd(plan.price_cents) })}
          </Badge>
        ) : null}
      </Group>
      <Text fz="sm" c="dimmed" mt="xs">
        {t(DEALER_PLAN_TEXT)} {t(T.graceNote)}
      </Text>
      <Divider my="md" />
      {!plan ? (
        <Loader size="sm" />
      ) : (
        <Stack gap="md">
          <Standing plan={plan} />
          {plan.paid_up ? (
            <Button variant="light" onClick={() => void p.publishDrafts()} disabled={p.busy || !p.online}>
              {t(T.publishDrafts)}
            </Button>
          ) : null}
          {canPay ? <PayForm p={p} /> : null}
          {plan.next_payment_at ? (
            <Button variant="subtle" color="gray" onClick={() => void p.cancel()} disabled={p.busy || !p.online}>
              {plan.renews ? t(T.cancel) : t(T.stopReminders)}
            </Button>
          ) : null}
          <PlanInvoiceList invoices={p.invoices} onDownload={(invoice) => void p.downloadInvoice(invoice)} />
        </Stack>
      )}
    </Card>
  );
}
