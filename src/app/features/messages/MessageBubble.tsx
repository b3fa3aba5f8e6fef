import { Alert, Box, Button, Group, Stack, Text } from '@mantine/core';
import { MESSAGE_TEXTS as T, messageTimeText } from '@/domain/messages/texts';
import { MessagePhotos } from './MessagePhotos';
import type { DeviceMessage, MessageState } from './useConversation';
import { currentLanguage, knownText, t } from '@/app/shared/i18n/language';

const STATE_TEXT: Record<MessageState, string> = { waiting: T.waiting, sent: T.sent, read: T.read, failed: T.failed };

function StateIcon({ state }: { state: MessageState }) {
  // A clock while it waits, one tick once sent, two once read, an exclamation mark when refused.
  const path =
    state === 'waiting' ? 'M8 4.5V8l2.2 1.6M14 8A6 6 0 1 1 2 8a6 6 0 0 1 12 0Z' : state === 'sent' ? 'm3.5 8.5 3 3 6-7' : state === 'read' ? 'm1.5 8.5 3 3 6-7m-2.5 7 1 1 6-7' : 'M8 4v5m0 2.6v.4';
  return (
    <svg width="14" height="14" viewBox="0 0 16 16" aria-hidden focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The warning over a message the scam rules flagged, as its reader sees it, with a one-tap report. */
function ScamWarning({ warning, reported, onReport }: { warning: string; reported: boolean; onReport(): void }) {
  return (
    <Alert color="red" variant="light" radius="md" p="xs" role="alert" data-testid="message-warning" styles={{ message: { fontSize: 'var(--mantine-font-size-sm)' } }}>
      <Group gap="xs" justify="space-between" wrap="nowrap" align="center">
        <Text fz="sm" fw={600} c="red.9">
          {knownText(warning)}
        </Text>
        {reported ? (
          <Text fz="xs" c="dimmed" style={{ flexShrink: 0 }}>
            {t(T.reportedShort)}
          </Text>
        ) : (
          <Button size="compact-sm" color="red" variant="filled" onClick={onReport} aria-label={t(T.reportMessage)} style={{ flexShrink: 0 }}>
            {t(T.report)}
          </Button>
        )}
      </Group>
    </Alert>
  );
}

/**
 * One message: mine on the right in the brand's colour with its state (waiting for a connection,
 * sent, read, not sent), the other person's on the left; a flagged message of theirs carries its
 * warning above it.
 */
export function MessageBubble({ message: m, now, reported, onReport }: { message: DeviceMessage; now: Date; reported: boolean; onReport(messageId: string): void }) {
  const time = messageTimeText(m.createdAt, now, currentLanguage());
  return (
    <Stack gap={4} align={m.mine ? 'flex-end' : 'flex-start'} data-testid="message" data-mine={m.mine} data-state={m.state} data-id={m.id}>
      {!m.mine && m.warning ? <ScamWarning warning={m.warning} reported={reported} onReport={() => onReport(m.id)} /> : null}
      <Box
        maw="85%"
        px="sm"
        py={8}
        bg={m.mine ? (m.state === 'failed' ? 'red.0' : 'brand.7') : 'gray.1'}
        c={m.mine && m.state !== 'failed' ? 'white' : 'dark.8'}
        style={{
          borderRadius: 16,
          [m.mine ? 'borderBottomRightRadius' : 'borderBottomLeftRadius']: 4,
          border: m.mine && m.state === 'failed' ? '1px solid var(--mantine-color-red-3)' : undefined,
        }}
      >
        <MessagePhotos images={m.images} photos={m.photos} />
        {m.text ? (
          <Text fz="md" mt={m.images.length + m.photos.length ? 6 : 0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {m.text}
          </Text>
        ) : null}
      </Box>
      <Group gap={4} px={4} c={m.state === 'failed' ? 'red.7' : 'dimmed'} wrap="nowrap">
        <Text fz="xs" c="inherit">
          {time}
        </Text>
        {m.mine ? (
          <>
            <Text fz="xs" c="inherit" aria-hidden>
              ·
            </Text>
            <Box c={m.state === 'read' ? 'brand.6' : 'inherit'} style={{ display: 'flex' }}>
              <StateIcon state={m.state} />
            </Box>
            <Text fz="xs" c="inherit" data-testid="message-state">
              {t(STATE_TEXT[m.state])}
            </Text>
          </>
        ) : null}
      </Group>
      {m.mine && m.state === 'failed' && m.error ? (
        <Text fz="xs" c="red.7" px={4} role="alert" maw="85%" ta="right">
          {knownText(m.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
