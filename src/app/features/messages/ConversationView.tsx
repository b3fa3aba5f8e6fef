import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert, Anchor, Box, Button, Container, Group, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { MESSAGE_TEXTS as T } from '@/domain/messages/texts';
import { NAV_HEIGHT_PX } from '@/domain/core/constants';
import { useSession } from '@/app/shared/session/session';
import { SYNC_STATUS_HEIGHT_PX } from '@/app/shared/shell/shellLook';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { ConversationMenu, ListingHeader, PriceWarning, ReportConversationDialog, SafetyTipsCard } from './ConversationParts';
import { Composer } from './Composer';
import { MessageBubble } from './MessageBubble';
import type { useConversation } from './useConversation';
import { useSafetyTips } from './useSafetyTips';
import { t } from '@/app/shared/i18n/language';

type ConversationHook = ReturnType<typeof useConversation>;

/** The way back to the list, and the conversation's menu. */
function TopRow({ c }: { c: ConversationHook }) {
  const [reporting, setReporting] = useState(false);
  const conversation = c.conversation;
  return (
    <Group justify="space-between" wrap="nowrap">
      <Anchor component={Link} to="/messages" fz="sm" fw={600}>
        ← {t(T.backToMessages)}
      </Anchor>
      {conversation ? <ConversationMenu blocked={conversation.blocked} onBlock={() => void c.block()} onUnblock={() => void c.unblock()} onReport={() => setReporting(true)} /> : null}
      {reporting ? <ReportConversationDialog onSend={(reason) => c.report(reason)} onClose={() => setReporting(false)} /> : null}
    </Group>
  );
}

/** The messages, oldest first. */
function MessageList({ c }: { c: ConversationHook }) {
  const [reportedIds, setReportedIds] = useState<string[]>([]);
  const now = new Date();
  const reportOne = async (messageId: string) => {
    await c.report(T.warningReason, messageId);
    setReportedIds((ids) => [...ids, messageId]);
  };
  return (
    <Stack gap="sm" py="md" aria-live="polite" data-testid="messages">
      {c.messages.map((m) => (
        <MessageBubble key={m.id} message={m} now={now} reported={reportedIds.includes(m.id)} onReport={(id) => void reportOne(id)} />
      ))}
    </Stack>
  );
}

function SignInToRead() {
  return (
    <Stack align="center" ta="center" gap="sm" py="xl">
      <Text>{t(T.signIn)}</Text>
      <Button onClick={() => authDialog.open('signin', { audience: 'buyer' })}>{t(T.signInButton)}</Button>
    </Stack>
  );
}

/**
 * A conversation about one listing (or, before it exists, the page where a buyer writes to the
 * listing's seller): the listing, its price warning, the messages, the safety tips once, and the
 * composer, or the reason nothing can be sent. `listingId` is known when the screen was opened from a
 * listing; else the conversation says it.
 */
export function ConversationView({ c, listingId }: { c: ConversationHook; listingId: string | null }) {
  const { signedIn, restoring } = useSession();
  const tips = useSafetyTips();
  const { conversation, messages, markRead } = c;
  // Kept scrolled to the foot (the newest message over the composer) as messages come.
  const end = useRef<HTMLDivElement>(null);
  const count = messages.length;
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [count]);
  const lastFromOther = [...messages].reverse().find((m) => !m.mine)?.id ?? null;
  // Read while it is on the screen: when it opens and whenever the other person's message arrives.
  useEffect(() => {
    if (conversation && lastFromOther) markRead();
  }, [conversation?.id, lastFromOther]); // eslint-disable-line react-hooks/exhaustive-deps
  if (!signedIn) {
    return (
      <Container size="sm" py="lg">
        {restoring ? <Skeleton h={80} /> : <SignInToRead />}
      </Container>
    );
  }
  const send = async (text: string, photos: { blob: Blob; name: string }[]) => {
    if (tips.show) tips.dismiss();
    await c.send(text, photos);
  };
  const blocked = conversation?.blocked ?? false;
  const firstMessage = messages.length === 0;
  const found = conversation !== null || listingId !== null;
  return (
    <Container
      size="sm"
      pt="md"
      px={{ base: 'sm', xs: 'md' }}
      data-testid="conversation"
      // The composer sits at the foot of the screen even when there are few messages.
      style={{ display: 'flex', flexDirection: 'column', minHeight: `calc(100dvh - ${NAV_HEIGHT_PX + SYNC_STATUS_HEIGHT_PX}px)` }}
    >
      <VisuallyHidden component="h1">{conversation ? `${conversation.other_name}: ${conversation.listing.title}` : t(T.title)}</VisuallyHidden>
      <Stack gap="sm">
        <TopRow c={c} />
        <ListingHeader conversation={conversation} listingId={conversation?.listing_id ?? listingId} />
        {conversation?.listing.price_warning ? <PriceWarning text={conversation.listing.price_warning} /> : null}
        {c.error ? (
          <Alert color="red" variant="light" role="alert">
            {c.error}
          </Alert>
        ) : null}
      </Stack>
      {conversation === undefined && !listingId ? (
        <Stack gap="sm" py="md">
          <Skeleton h={48} w="70%" radius="lg" />
          <Skeleton h={48} w="60%" ml="auto" radius="lg" />
        </Stack>
      ) : !found ? (
        <Text py="xl" ta="center" c="dimmed">
          {t(T.notFound)}
        </Text>
      ) : firstMessage && !blocked ? (
        <Text c="dimmed" fz="sm" py="md">
          {t(T.firstMessageHint)}
        </Text>
      ) : (
        <MessageList c={c} />
      )}
      <Box style={{ flex: 1 }} />
      {!found || (conversation === undefined && !listingId) ? null : blocked ? (
        <Alert color="gray" variant="light" mb="md" data-testid="conversation-blocked">
          {t(T.blocked)}
        </Alert>
      ) : (
        <>
          {tips.show ? (
            <Box mb="sm">
              <SafetyTipsCard onDismiss={tips.dismiss} />
            </Box>
          ) : null}
          <Composer onSend={send} />
        </>
      )}
      <div ref={end} />
    </Container>
  );
}
