import { useState } from 'react';
import { ActionIcon, Box, Group, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS as T } from '@/domain/messages/texts';

function SendIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden focusable="false">
      <path d="M3 10 17 3l-4 14-3.2-5.8L3 10Zm6.8 1.2L17 3" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

/**
 * Where a message is written: up to 2,000 characters with a counter, sent with the button (or
 * Ctrl/Cmd+Enter). The text is cleared as soon as the message is handed to the device's outbox:
 * offline it waits there, so the person never has to keep it in the box.
 */
export function Composer({ onSend }: { onSend(text: string): Promise<void> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const trimmed = text.trim();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const canSend = trimmed.length > 0 && !tooLong && !sending;
  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(trimmed);
      setText('');
    } finally {
      setSending(false);
    }
  };
  return (
    <Box
      pos="sticky"
      bottom={0}
      bg="white"
      py="sm"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)', zIndex: 2 }}
      component="form"
      onSubmit={(e) => {
        e.preventDefault();
        void send();
      }}
    >
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <Textarea
          aria-label={T.write}
          placeholder={T.write}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
              e.preventDefault();
              void send();
            }
          }}
          autosize
          minRows={1}
          maxRows={6}
          radius="lg"
          size="md"
          error={tooLong ? T.tooLong : undefined}
          style={{ flex: 1 }}
        />
        <ActionIcon type="submit" size={42} radius="xl" aria-label={T.send} title={T.send} disabled={!canSend} loading={sending}>
          <SendIcon />
        </ActionIcon>
      </Group>
      <Text fz="xs" c={tooLong ? 'red.7' : 'dimmed'} ta="right" mt={4} pr={52} aria-live="polite">
        {T.counter(text.length)}
      </Text>
    </Box>
  );
}
