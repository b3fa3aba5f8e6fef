import { useRef, useState } from 'react';
import { ActionIcon, Alert, Box, Group, Image, Loader, Text, Textarea } from '@mantine/core';
import { IMAGE_EXTENSIONS } from '@/domain/core/screenChoices';
import { MESSAGE_MAX_LENGTH, MESSAGE_TEXTS as T } from '@/domain/messages/texts';
import { useObjectUrls } from '@/app/shared/photos/useObjectUrls';
import { useMessagePhotos, type ChosenPhoto } from './useMessagePhotos';
import { currentLanguage, t } from '@/app/shared/i18n/language';

const ACCEPT = ['image/*', ...IMAGE_EXTENSIONS.map((e) => `.${e}`)].join(',');

function SendIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden focusable="false">
      <path d="M3 10 17 3l-4 14-3.2-5.8L3 10Zm6.8 1.2L17 3" fill="none" stroke="currentColor" strokeWidth="1.7" strokeLinejoin="round" strokeLinecap="round" />
    </svg>
  );
}

function CameraIcon() {
  return (
    <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden focusable="false">
      <path
        d="M2.5 6.5A1.5 1.5 0 0 1 4 5h2.2l1.3-2h5l1.3 2H16a1.5 1.5 0 0 1 1.5 1.5v8A1.5 1.5 0 0 1 16 16H4a1.5 1.5 0 0 1-1.5-1.5v-8Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
      <circle cx="10" cy="10.5" r="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}

/** The chosen photos as small squares above the text, each with its remove button. */
function ChosenPhotos({ photos, working, onRemove }: { photos: ChosenPhoto[]; working: boolean; onRemove(id: string): void }) {
  const urls = useObjectUrls(photos.map((p) => p.blob));
  if (!photos.length && !working) return null;
  return (
    <Group gap="xs" mb="xs" data-testid="composer-photos">
      {photos.map((p, i) => (
        <Box key={p.id} pos="relative" w={64} h={64}>
          <Image src={urls[i]} alt={T.photo(i + 1, t)} w={64} h={64} radius="md" fit="cover" />
          <ActionIcon
            size={24}
            radius="xl"
            variant="white"
            color="dark"
            aria-label={T.removePhoto(i + 1, t)}
            onClick={() => onRemove(p.id)}
            pos="absolute"
            top={4}
            right={4}
            style={{ boxShadow: 'var(--mantine-shadow-sm)' }}
          >
            <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden focusable="false">
              <path d="m2.5 2.5 7 7m0-7-7 7" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
            </svg>
          </ActionIcon>
        </Box>
      ))}
      {working ? (
        <Box w={64} h={64} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-md)', display: 'grid', placeItems: 'center' }} aria-label={t(T.preparingPhotos)}>
          <Loader size="sm" />
        </Box>
      ) : null}
    </Group>
  );
}

/**
 * Where a message is written: up to 2,000 characters with a counter and up to 4 photos, sent with
 * the button (or Ctrl/Cmd+Enter). Text and photos are cleared as soon as the message is handed to
 * the device's outbox: offline it waits there, so the person never has to keep it in the box.
 */
export function Composer({ onSend }: { onSend(text: string, photos: { blob: Blob; name: string }[]): Promise<void> }) {
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const picker = useMessagePhotos();
  const input = useRef<HTMLInputElement>(null);
  const trimmed = text.trim();
  const tooLong = text.length > MESSAGE_MAX_LENGTH;
  const canSend = (trimmed.length > 0 || picker.photos.length > 0) && !tooLong && !sending && !picker.working;
  const send = async () => {
    if (!canSend) return;
    setSending(true);
    try {
      await onSend(trimmed, picker.photos);
      setText('');
      picker.clear();
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
      <ChosenPhotos photos={picker.photos} working={picker.working} onRemove={picker.remove} />
      {picker.errors.length ? (
        <Alert color="red" variant="light" radius="md" p="xs" mb="xs" role="alert">
          {picker.errors.map((e) => (
            <Text key={e} fz="sm">
              {e}
            </Text>
          ))}
        </Alert>
      ) : null}
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <input
          ref={input}
          type="file"
          accept={ACCEPT}
          multiple
          hidden
          data-testid="message-photo-input"
          onChange={(e) => {
            const files = e.currentTarget.files ? [...e.currentTarget.files] : [];
            e.currentTarget.value = '';
            void picker.add(files);
          }}
        />
        <ActionIcon size={42} radius="xl" variant="light" aria-label={t(T.addPhotos)} title={t(T.addPhotos)} disabled={picker.full || sending} onClick={() => input.current?.click()}>
          <CameraIcon />
        </ActionIcon>
        <Textarea
          aria-label={t(T.write)}
          placeholder={t(T.write)}
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
          error={tooLong ? T.tooLong(t, currentLanguage()) : undefined}
          style={{ flex: 1, minWidth: 0 }}
        />
        <ActionIcon type="submit" size={42} radius="xl" aria-label={t(T.send)} title={t(T.send)} disabled={!canSend} loading={sending}>
          <SendIcon />
        </ActionIcon>
      </Group>
      <Text fz="xs" c={tooLong ? 'red.7' : 'dimmed'} ta="right" mt={4} pr={52} aria-live="polite">
        {T.counter(text.length, currentLanguage())}
      </Text>
    </Box>
  );
}
