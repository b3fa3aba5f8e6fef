import { Link } from 'react-router-dom';
import { Badge, Button, Card, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { priceText } from '@/domain/listing/display';
import { MESSAGE_TEXTS as T, messagePreview, messageTimeText } from '@/domain/messages/texts';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { useSession } from '@/app/shared/session/session';
import { EmptyState } from '@/app/shared/EmptyState';
import { ListingThumb } from './ConversationParts';
import { useConversations, type DeviceConversation } from './useConversations';
import { currentLanguage, t } from '@/app/shared/i18n/language';

/** Where a row leads: the conversation, or, while it waits to be created, the listing's message page. */
const rowPath = (c: DeviceConversation) => (c.pending ? `/listing/${encodeURIComponent(c.listing_id)}/message` : `/messages/${encodeURIComponent(c.id)}`);

/** One conversation: the listing's photo, title and price, the other person, the last message and its time, the unread count. */
function ConversationRow({ c, now }: { c: DeviceConversation; now: Date }) {
  const last = c.last_message;
  const unread = c.unread > 0;
  const myId = c.role === 'buyer' ? c.buyer_id : c.seller_id;
  const preview = last ? messagePreview(last, 200, t) : '';
  const lastText = !last ? '' : last.sender_id === myId ? t(/*i18n*/ 'You: {message}', { message: preview }) : preview;
  return (
    <Card
      component={Link}
      to={rowPath(c)}
      padding="sm"
      radius="lg"
      data-testid="conversation-row"
      data-id={c.id}
      style={{ textDecoration: 'none', color: 'inherit', borderColor: unread ? 'var(--mantine-color-brand-3)' : undefined }}
      bg={unread ? 'brand.0' : undefined}
    >
      <Group wrap="nowrap" gap="sm" align="flex-start">
        <ListingThumb image={c.listing.image} available={c.listing.available} w={{ base: 76, sm: 104 }} h={{ base: 58, sm: 76 }} radius="md" />
        <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fw={unread ? 750 : 650} truncate="end" c="dark.8">
              {c.other_name}
            </Text>
            <Text fz="xs" c={unread ? 'brand.8' : 'dimmed'} fw={unread ? 700 : 400} style={{ flexShrink: 0 }}>
              {messageTimeText(c.last_message_at, now, currentLanguage())}
            </Text>
          </Group>
          <Text fz="sm" truncate="end" c="dark.5">
            {c.listing.title} · <b>{c.listing.available ? priceText(c.listing.price) : t(T.listingGone)}</b>
          </Text>
          <Group gap="xs" justify="space-between" wrap="nowrap">
            <Text fz="sm" c={unread ? 'dark.8' : 'dimmed'} fw={unread ? 600 : 400} truncate="end" style={{ minWidth: 0 }}>
              {lastText}
            </Text>
            {unread ? (
              <Badge size="md" circle={c.unread < 10} color="red" variant="filled" aria-label={T.unreadLabel(c.unread, t)} style={{ flexShrink: 0 }} data-testid="conversation-unread">
                {c.unread > 99 ? '99+' : c.unread}
              </Badge>
            ) : null}
          </Group>
        </Stack>
      </Group>
    </Card>
  );
}

function ChatIcon() {
  return (
    <svg width="28" height="28" viewBox="0 0 24 24" aria-hidden focusable="false">
      <path d="M4 5.5h16v10H9.5L5 19.5v-4H4v-10Z" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinejoin="round" />
      <path d="M8 9.5h8M8 12.5h5" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
    </svg>
  );
}

function Empty() {
  return <EmptyState icon={<ChatIcon />} title={t(T.empty)} hint={t(T.emptyHint)} action={{ label: t(T.browse), to: '/cars' }} />;
}

function ConversationList() {
  const { conversations } = useConversations();
  const now = new Date();
  if (conversations === undefined) {
    return (
      <Stack gap="sm">
        <Skeleton h={84} radius="lg" />
        <Skeleton h={84} radius="lg" />
        <Skeleton h={84} radius="lg" />
      </Stack>
    );
  }
  if (conversations.length === 0) return <Empty />;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {conversations.map((c) => (
        <li key={c.id}>
          <ConversationRow c={c} now={now} />
        </li>
      ))}
    </Stack>
  );
}

/** The Messages screen (/messages): the person's conversations, newest activity first, offline too. */
export default function MessagesPage() {
  const { signedIn, restoring } = useSession();
  return (
    <Container size="sm" py={{ base: 'md', sm: 'xl' }} px={{ base: 'sm', xs: 'md' }}>
      <Stack gap={4} mb="md">
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {t(T.title)}
        </Title>
        <Text c="dimmed" fz="sm">
          {t(T.subtitle)}
        </Text>
      </Stack>
      {signedIn ? (
        <ConversationList />
      ) : restoring ? (
        <Skeleton h={84} radius="lg" />
      ) : (
        <Card padding="xl" radius="lg">
          <Stack align="center" ta="center" gap="sm">
            <Text>{t(T.signIn)}</Text>
            <Button onClick={() => authDialog.open('signin', { audience: 'buyer' })}>{t(T.signInButton)}</Button>
          </Stack>
        </Card>
      )}
    </Container>
  );
}
