import { Link } from 'react-router-dom';
import { Badge, Button, Card, Group, Modal, Progress, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { DASHBOARD_TEXTS as T, queueProgressText, queueStateText } from '@/domain/listing/dashboard';
import { chainPayment, chainTitle, type ListingPublishState, type OutboxItem } from './queueLines';
import { usePublishingQueue } from './usePublishingQueue';
import { t } from '@/app/shared/i18n/language';

const STATE_COLORS: Record<ListingPublishState['state'], string> = { waiting: 'gray', sending: 'blue', done: 'green', failed: 'red' };

type Queue = ReturnType<typeof usePublishingQueue>;

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
  const queue = usePublishingQueue();
  if (chains.length === 0) return null;
  const now = Date.now();

  return (
    <section aria-labelledby="queue-heading">
      <Title order={2} fz="xl" id="queue-heading">
        {t(T.queueTitle)}
      </Title>
      <Text fz="sm" c="dimmed" mb="sm">
        {t(T.queueText)}
      </Text>
      <Stack gap="sm">
        {chains.map((chain) => (
          <QueueLine key={chain.listingId} chain={chain} items={items} hasDraft={draftIds.has(chain.listingId)} now={now} queue={queue} onEditDraft={onEditDraft} />
        ))}
      </Stack>
      <DiscardModal queue={queue} />
    </section>
  );
}

/** One queued listing: its title, progress, words, and what the seller can do with it. */
function QueueLine({
  chain,
  items,
  hasDraft,
  now,
  queue,
  onEditDraft,
}: {
  chain: ListingPublishState;
  items: readonly OutboxItem[];
  hasDraft: boolean;
  now: number;
  queue: Queue;
  onEditDraft(id: string): void;
}) {
  const title = chainTitle(chain, items);
  const payment = chainPayment(chain, items, title);
  // A sent chain whose payment waits for the seller: what is left is theirs, not the queue's.
  const words = payment?.sellerTurn ? null : queueStateText(chain, queue.offline, now, t);
  return (
    <Card padding="sm" component="article" aria-label={title} data-queue-state={chain.state}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text fw={650} lineClamp={1} title={title}>
          {title}
        </Text>
        <Badge color={STATE_COLORS[chain.state]} variant="light" tt="none" style={{ flexShrink: 0 }}>
          {queueProgressText(chain, t)}
        </Badge>
      </Group>
      <Progress
        value={chain.total ? (chain.done / chain.total) * 100 : 0}
        color={STATE_COLORS[chain.state] === 'gray' ? 'brand' : STATE_COLORS[chain.state]}
        striped={chain.state === 'sending'}
        animated={chain.state === 'sending'}
        mt={8}
        size="sm"
        aria-label={`${title}: ${queueProgressText(chain, t)}`}
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
      <LineActions chain={chain} title={title} sellerTurn={payment?.sellerTurn === true} hasDraft={hasDraft} queue={queue} onEditDraft={onEditDraft} />
    </Card>
  );
}

/** A line's buttons: Dismiss and Finish payment when the seller's payment waits; Edit draft, Discard and Retry when it failed; Dismiss when done. */
function LineActions({
  chain,
  title,
  sellerTurn,
  hasDraft,
  queue,
  onEditDraft,
}: {
  chain: ListingPublishState;
  title: string;
  sellerTurn: boolean;
  hasDraft: boolean;
  queue: Queue;
  onEditDraft(id: string): void;
}) {
  const named = (label: string) => (
    <>
      {t(label)}
      <VisuallyHidden> {title}</VisuallyHidden>
    </>
  );
  if (sellerTurn) {
    return (
      <Group gap={6} mt="sm" justify="flex-end">
        <Button size="xs" variant="default" onClick={() => void queue.drop(chain.listingId, true)}>
          {named(T.dismiss)}
        </Button>
        <Button size="xs" component={Link} to={`/pay/${chain.listingId}`}>
          {named(T.finishPayment)}
        </Button>
      </Group>
    );
  }
  if (chain.state !== 'failed' && chain.state !== 'done') return null;
  return (
    <Group gap={6} mt="sm" justify="flex-end">
      {chain.state === 'failed' ? (
        <>
          {hasDraft ? (
            <Button size="xs" variant="default" onClick={() => onEditDraft(chain.listingId)} mr="auto">
              {named(T.editDraft)}
            </Button>
          ) : null}
          <Button size="xs" variant="light" color="red" onClick={() => queue.setDiscarding({ listingId: chain.listingId, title })}>
            {named(T.discard)}
          </Button>
          <Button size="xs" onClick={() => void queue.again(chain)} loading={queue.busy === chain.listingId}>
            {named(T.retry)}
          </Button>
        </>
      ) : (
        <Button size="xs" variant="default" onClick={() => void queue.drop(chain.listingId, true)}>
          {named(T.dismiss)}
        </Button>
      )}
    </Group>
  );
}

/** Asks before a failed line is discarded. */
function DiscardModal({ queue: { discarding, setDiscarding, drop } }: { queue: Queue }) {
  return (
    <Modal opened={discarding !== null} onClose={() => setDiscarding(null)} title={<Text fw={750}>{t(T.discardTitle)}</Text>} centered>
      <Text>{t(T.discardConfirm)}</Text>
      {discarding ? (
        <Text fw={650} mt="xs">
          {discarding.title}
        </Text>
      ) : null}
      <Group justify="flex-end" gap="sm" mt="lg">
        <Button variant="default" onClick={() => setDiscarding(null)} data-autofocus>
          {t(T.cancel)}
        </Button>
        <Button color="red" onClick={() => discarding && void drop(discarding.listingId)}>
          {t(T.discard)}
        </Button>
      </Group>
    </Modal>
  );
}
