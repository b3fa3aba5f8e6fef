import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Blockquote, Box, Button, Card, Group, Image, Stack, Text, Title } from '@mantine/core';
import type { AdminReportGroup, ChatMessage } from '@/domain/core/wire';
import { thumbnailOf } from '@/domain/listing/photos';
import { CONVERSATION_REPORT_TEXTS as T } from '@/domain/messages/reportTexts';
import { MESSAGE_TEXTS } from '@/domain/messages/texts';
import { dateText } from '@/domain/i18n/format';
import { notify } from '@/app/shared/toasts/toasts';
import { dismissConversationReport, serverDetail } from './adminApi';
import { shortDate } from './adminParts';
import { currentLanguage, knownText, t } from '@/app/shared/i18n/language';

type Reported = NonNullable<AdminReportGroup['conversation']>;

const timeOf = (iso: string) => dateText(iso, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }, currentLanguage());

/** One message as the administrator reads it: who wrote it, when, its words and photos, and whether it is the one reported. */
function ReportedMessage({ m, c }: { m: ChatMessage; c: Reported }) {
  const buyer = m.sender_id === c.buyer_id;
  const reported = m.id === c.reported_message_id;
  return (
    <Box
      p="xs"
      bg={reported ? 'red.0' : buyer ? 'gray.0' : undefined}
      style={{ borderRadius: 'var(--mantine-radius-md)', border: `1px solid var(--mantine-color-${reported ? 'red-3' : 'gray-2'})` }}
      data-testid="reported-message"
      data-reported={reported}
    >
      <Group gap={6} align="baseline" wrap="wrap">
        <Text fz="sm" fw={650}>
          {buyer ? c.buyer_name : c.seller_name}
        </Text>
        <Text fz="xs" c="dimmed">
          {t(buyer ? T.buyer : T.seller)} · {timeOf(m.created_at)}
        </Text>
        {reported ? (
          <Badge size="xs" color="red" tt="none">
            {t(T.reportedMessage)}
          </Badge>
        ) : null}
        {m.warning ? (
          <Badge size="xs" color="orange" variant="light" tt="none" title={knownText(m.warning)}>
            {t(T.warned)}
          </Badge>
        ) : null}
      </Group>
      {m.text ? (
        <Text fz="sm" mt={2} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {m.text}
        </Text>
      ) : null}
      {m.images.length ? (
        <Group gap={4} mt={4}>
          {m.images.map((url, i) => (
            <Anchor key={url} href={url} target="_blank" rel="noopener" aria-label={MESSAGE_TEXTS.openPhoto(i + 1, t)}>
              <Image src={thumbnailOf(url)} alt="" w={72} h={54} radius="sm" fit="cover" loading="lazy" />
            </Anchor>
          ))}
        </Group>
      ) : null}
    </Box>
  );
}

/**
 * A reported conversation in the Reports tab: the listing it is about, the two people, who reported
 * it and why, every message (the reported one marked), and the administrator's dismissal.
 */
export function ReportedConversation({ group, onDone }: { group: AdminReportGroup & { conversation: Reported }; onDone(): void }) {
  const c = group.conversation;
  const [dismissing, setDismissing] = useState(false);
  const reporter = c.reported_by === 'buyer' ? c.buyer_name : c.reported_by === 'seller' ? c.seller_name : '';
  const dismiss = async () => {
    setDismissing(true);
    try {
      await dismissConversationReport(c.id);
    } catch (err) {
      const detail = await serverDetail(err);
      notify('error', detail ? knownText(detail) : t(T.dismissFailed));
      setDismissing(false);
      return;
    }
    notify('success', t(T.dismissed));
    onDone();
  };
  return (
    <Card component="article" aria-label={T.label(c.listing_title, t)} data-report-conversation={c.id} padding="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={3} fz="h4">
            <Anchor component={Link} to={`/car/${group.vehicle_id}`}>
              {c.listing_title}
            </Anchor>
          </Title>
          <Text fz="sm" c="dimmed">
            {T.people(c.buyer_name, c.seller_name, t)}
          </Text>
        </div>
        <Badge color="orange" variant="light" tt="none">
          {t(T.badge)}
        </Badge>
      </Group>
      <Text fz="sm" fw={650} mt="sm">
        {T.reportedBy(reporter, shortDate(c.reported_at), t)}
      </Text>
      <Blockquote p="xs" mt={4} fz="sm" style={{ whiteSpace: 'pre-line' }}>
        {knownText(c.reason)}
      </Blockquote>
      <Stack gap={6} mt="sm" mah={420} style={{ overflowY: 'auto' }}>
        {c.messages.length ? c.messages.map((m) => <ReportedMessage key={m.id} m={m} c={c} />) : <Text c="dimmed">{t(T.noMessages)}</Text>}
      </Stack>
      <Group justify="flex-end" gap="xs" mt="sm">
        <Button size="xs" variant="default" onClick={() => void dismiss()} loading={dismissing}>
          {t(T.dismiss)}
        </Button>
      </Group>
    </Card>
  );
}
