import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Badge, Button, Card, Group, Modal, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { db } from '@/data/db';
import { discard, retry } from '@/data/outbox/enqueue';
import { paymentItemOf, type CreateItem, type ListingPublishState, type OutboxItem } from '@/data/outbox/items';
import { DASHBOARD_TEXTS as T, draftTitle, queuedPaymentText, queueProgressText, queueStateText } from '@/domain/listing/dashboard';
import { formatUsd, PLAN_TERMS } from '@/domain/payments/fees';
import { titleOf } from '@/domain/listing/display';
import { kickOutbox, outboxRunner } from '@/app/shared/outbox/outboxRunner';
import { syncStore } from '@/app/shared/sync/syncStore';
import { toast } from '@/app/shared/toasts/toasts';

/** The title of a queued listing: as the server created it, else as it was queued. */
export function chainTitle(chain: ListingPublishState, items: readonly OutboxItem[]): string {
  if (chain.vehicle) return titleOf(chain.vehicle);
  const create = items.find((i): i is CreateItem => i.kind === 'create' && i.listingId === chain.listingId);
  return create ? draftTitle(create.listing as Record<string, unknown>) : T.untitledDraft;
}

/**
 * What a queued listing's payment waits for, in words, or null when its chain carries no payment, the
 * listing was live already, or the chain failed. sellerTurn: the request is made, the seller finishes it.
 */
export function chainPayment(chain: ListingPublishState, items: readonly OutboxItem[], title: string): { text: string; sellerTurn: boolean } | null {
  const pay = paymentItemOf([...items], chain.listingId);
  // A failed chain's line says what failed and offers Retry; its payment waits behind that.
  if (!pay || pay.result?.alreadyPaid || chain.state === 'failed') return null;
  const create = items.find((i): i is CreateItem => i.kind === 'create' && i.listingId === chain.listingId);
  const plan = pay.payment.subscriptionPlan ?? chain.vehicle?.subscription_plan ?? create?.listing.subscription_plan ?? null;
  const amount = plan ? formatUsd(PLAN_TERMS[plan].priceCents) : null;
  const sent = pay.state === 'done';
  const stage = !sent ? 'queued' : pay.payment.method === 'ecocash' ? 'approve' : 'finishCard';
  return { text: queuedPaymentText(title, amount, pay.payment.method, stage), sellerTurn: sent };
}

const STATE_COLORS: Record<ListingPublishState['state'], string> = { waiting: 'gray', sending: 'blue', done: 'green', failed: 'red' };

/**
 * Listings sent from this device, one line each: where they stand in words, how far they got, and
 * for a failed one Retry, Discard and (while its draft is here) Edit draft; Dismiss for a done one.
 */
export function PublishingQueue({
  chains,
  items,
  draftIds,
  onEditDraft,
}: {
  chains: ListingPublishState[];
  items: readonly OutboxItem[];
  draftIds: ReadonlySet<string>;
  onEditDraft(id: string): void;
}) {
  const { online } = useSnapshot(syncStore);
  const { last } = useSnapshot(outboxRunner);
  const [discarding, setDiscarding] = useState<{ listingId: string; title: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  if (chains.length === 0) return null;
  const offline = !online || last?.outcome === 'offline';
  const now = Date.now();

  const again = async (chain: ListingPublishState) => {
    if (!chain.current) return;
    setBusy(chain.listingId);
    try {
      await retry(db, chain.current.id);
      void kickOutbox();
    } catch (err) {
      console.warn('outbox item not retried', err);
      toast('error', T.queueError);
    } finally {
      setBusy(null);
    }
  };

  /** Discard (confirmed, with a toast) or Dismiss a done line (quietly: nothing is lost). */
  const drop = async (listingId: string, quiet = false) => {
    setDiscarding(null);
    try {
      await discard(db, listingId);
      if (!quiet) toast('success', T.discarded);
    } catch (err) {
      console.warn('outbox chain not discarded', err);
      toast('error', T.queueError);
    }
  };

  return (
    <section aria-labelledby="queue-heading">
      <Title order={2} fz="xl" id="queue-heading">
        {T.queueTitle}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {T.queueText}
      </Text>
      <Stack gap="sm">
        {chains.map((chain) => {
          const title = chainTitle(chain, items);
          const payment = chainPayment(chain, items, title);
          // A sent chain whose payment waits for the seller: what is left is theirs, not the queue's.
          const words = payment?.sellerTurn ? null : queueStateText(chain, offline, now);
          return (
            <Card key={chain.listingId} padding="sm" component="article" aria-label={title} data-queue-state={chain.state}>
              <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                <Text fw={650} lineClamp={1} title={title}>
                  {title}
                </Text>
                <Badge color={STATE_COLORS[chain.state]} variant="light" tt="none" style={{ flexShrink: 0 }}>
                  {queueProgressText(chain)}
                </Badge>
              </Group>
              <Progress
                value={chain.total ? (chain.done / chain.total) * 100 : 0}
                color={STATE_COLORS[chain.state] === 'gray' ? 'brand' : STATE_COLORS[chain.state]}
                striped={chain.state === 'sending'}
                animated={chain.state === 'sending'}
                mt={8}
                size="sm"
                aria-label={`${title}: ${queueProgressText(chain)}`}
              />
              {words ? (
                <Text fz="sm" mt={6} c={chain.state === 'failed' ? 'red.8' : chain.state === 'done' ? 'green.8' : 'dark.6'} role={chain.state === 'failed' ? 'alert' : undefined} data-queue-text>
                  {words}
                </Text>
              ) : null}
              {payment ? (
                <Text fz="sm" mt={6} c="dark.6" data-queue-payment>
                  {payment.text}
                </Text>
              ) : null}
              {payment?.sellerTurn ? (
                <Group gap={6} mt="sm" justify="flex-end">
                  <Button size="xs" variant="default" onClick={() => void drop(chain.listingId, true)}>
                    {T.dismiss}
                    <VisuallyHidden> {title}</VisuallyHidden>
                  </Button>
                  <Button size="xs" component={Link} to={`/pay/${chain.listingId}`}>
                    {T.finishPayment}
                    <VisuallyHidden> {title}</VisuallyHidden>
                  </Button>
                </Group>
              ) : chain.state === 'failed' || chain.state === 'done' ? (
                <Group gap={6} mt="sm" justify="flex-end">
                  {chain.state === 'failed' ? (
                    <>
                      {draftIds.has(chain.listingId) ? (
                        <Button size="xs" variant="default" onClick={() => onEditDraft(chain.listingId)} mr="auto">
                          {T.editDraft}
                          <VisuallyHidden> {title}</VisuallyHidden>
                        </Button>
                      ) : null}
                      <Button size="xs" variant="light" color="red" onClick={() => setDiscarding({ listingId: chain.listingId, title })}>
                        {T.discard}
                        <VisuallyHidden> {title}</VisuallyHidden>
                      </Button>
                      <Button size="xs" onClick={() => void again(chain)} loading={busy === chain.listingId}>
                        {T.retry}
                        <VisuallyHidden> {title}</VisuallyHidden>
                      </Button>
                    </>
                  ) : (
                    <Button size="xs" variant="default" onClick={() => void drop(chain.listingId, true)}>
                      {T.dismiss}
                      <VisuallyHidden> {title}</VisuallyHidden>
                    </Button>
                  )}
                </Group>
              ) : null}
            </Card>
          );
        })}
      </Stack>
      <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title={<Text fw={750}>{T.discardTitle}</Text>} centered>
        <Text>{T.discardConfirm}</Text>
        {discarding ? (
          <Text fw={650} mt="xs">
            {discarding.title}
          </Text>
        ) : null}
        <Group justify="flex-end" gap="sm" mt="lg">
          <Button variant="default" onClick={() => setDiscarding(null)} data-autofocus>
            {T.cancel}
          </Button>
          <Button color="red" onClick={() => discarding && void drop(discarding.listingId)}>
            {T.discard}
          </Button>
        </Group>
      </Modal>
    </section>
  );
}
