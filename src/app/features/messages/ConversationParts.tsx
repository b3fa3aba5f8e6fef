import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ActionIcon, Alert, Anchor, Button, Card, Group, Image, List, Menu, Modal, Stack, Text, Textarea, ThemeIcon, type ImageProps } from '@mantine/core';
import { PLACEHOLDER_IMAGE } from '@/domain/core/constants';
import { priceText } from '@/domain/listing/display';
import { thumbnailOf } from '@/domain/listing/photos';
import { SAFETY_TIPS } from '@/domain/messages/safetyTips';
import { MESSAGE_TEXTS as T } from '@/domain/messages/texts';
import type { DeviceConversation } from './useConversations';
import { knownText, t } from '@/app/shared/i18n/language';

/** A conversation's listing photo, as its thumbnail (cheap on a metered connection), dimmed once the listing is gone. */
export function ListingThumb({ image, available = true, w, h, radius }: { image: string | null; available?: boolean; w: ImageProps['w']; h: ImageProps['h']; radius: ImageProps['radius'] }) {
  return <Image src={image ? thumbnailOf(image) : null} fallbackSrc={PLACEHOLDER_IMAGE} alt="" w={w} h={h} radius={radius} style={{ flexShrink: 0, opacity: available ? 1 : 0.55 }} />;
}

/** The listing a conversation is about: its photo, title and price, with the way back to it. */
export function ListingHeader({ conversation, listingId }: { conversation: DeviceConversation | null | undefined; listingId: string | null }) {
  const listing = conversation?.listing;
  const to = listingId ? `/car/${listingId}` : null;
  return (
    <Card padding="sm" radius="lg" data-testid="conversation-listing">
      <Group wrap="nowrap" gap="sm">
        {listing ? <ListingThumb image={listing.image} w={72} h={54} radius="sm" /> : null}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          {listing && to ? (
            <Anchor component={Link} to={to} fw={650} c="dark" truncate="end">
              {listing.title}
            </Anchor>
          ) : (
            <Text fw={650} truncate="end">
              {listing?.title ?? t(T.messageSeller)}
            </Text>
          )}
          {listing ? (
            <Text fw={800} c={listing.available ? 'brand.8' : 'dimmed'} fz="sm">
              {listing.available ? priceText(listing.price) : t(T.listingGone)}
            </Text>
          ) : null}
          {conversation ? (
            <Text fz="xs" c="dimmed" truncate="end">
              {t(conversation.role === 'buyer' ? /*i18n*/ 'Seller: {name}' : /*i18n*/ 'Buyer: {name}', { name: conversation.other_name })}
            </Text>
          ) : null}
        </Stack>
        {to && listing?.available !== false ? (
          <Button component={Link} to={to} variant="light" size="compact-sm" visibleFrom={listing ? 'xs' : undefined} style={{ flexShrink: 0 }}>
            {t(T.viewListing)}
          </Button>
        ) : null}
      </Group>
    </Card>
  );
}

function ShieldIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 20 20" aria-hidden focusable="false">
      <path
        d="M10 2.5 4 5v4.5c0 3.7 2.5 6.7 6 8 3.5-1.3 6-4.3 6-8V5l-6-2.5Zm-2.6 7.8 1.9 1.9 3.4-3.9"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
      />
    </svg>
  );
}

/** The safety tips, shown once before the person's first message. */
export function SafetyTipsCard({ onDismiss }: { onDismiss(): void }) {
  return (
    <Card padding="md" radius="lg" bg="gold.0" style={{ borderColor: 'var(--mantine-color-gold-3)' }} data-testid="safety-tips">
      <Group gap="xs" wrap="nowrap" mb="xs">
        <ThemeIcon color="gold.7" variant="light" radius="xl" size="md">
          <ShieldIcon />
        </ThemeIcon>
        <Text fw={700}>{t(SAFETY_TIPS.title)}</Text>
      </Group>
      <List spacing={6} size="sm" pl={4}>
        {SAFETY_TIPS.tips.map((tip) => (
          <List.Item key={tip}>{t(tip)}</List.Item>
        ))}
      </List>
      <Group justify="flex-end" mt="sm">
        <Button size="compact-md" variant="filled" color="brand" onClick={onDismiss}>
          {t(T.gotIt)}
        </Button>
      </Group>
    </Card>
  );
}

function DotsIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden focusable="false">
      <circle cx="9" cy="3.5" r="1.6" fill="currentColor" />
      <circle cx="9" cy="9" r="1.6" fill="currentColor" />
      <circle cx="9" cy="14.5" r="1.6" fill="currentColor" />
    </svg>
  );
}

/** Block or unblock the other person, and report the conversation. */
export function ConversationMenu({ blocked, onBlock, onUnblock, onReport }: { blocked: boolean; onBlock(): void; onUnblock(): void; onReport(): void }) {
  return (
    <Menu position="bottom-end" width={220} shadow="md" radius="md">
      <Menu.Target>
        <ActionIcon variant="default" size="lg" radius="xl" aria-label={t(T.options)} title={t(T.options)}>
          <DotsIcon />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {blocked ? <Menu.Item onClick={onUnblock}>{t(T.unblock)}</Menu.Item> : <Menu.Item onClick={onBlock}>{t(T.block)}</Menu.Item>}
        <Menu.Item color="red" onClick={onReport}>
          {t(T.report)}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** 'Report this conversation': the reason in the person's own words. */
export function ReportConversationDialog({ onSend, onClose }: { onSend(reason: string): Promise<void>; onClose(): void }) {
  const [reason, setReason] = useState('');
  const [sending, setSending] = useState(false);
  const send = async () => {
    setSending(true);
    try {
      await onSend(reason.trim());
      onClose();
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened onClose={() => !sending && onClose()} title={<Text fw={750}>{t(T.reportConversation)}</Text>} centered>
      <Stack>
        <Textarea
          label={t(T.reportReason)}
          placeholder={t(T.reportReasonPlaceholder)}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          maxLength={500}
          autosize
          minRows={3}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={sending}>
            {t(T.cancel)}
          </Button>
          <Button color="red" onClick={() => void send()} loading={sending} disabled={!reason.trim()}>
            {t(T.reportSend)}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The listing's price warning, in the conversation as on the listing page. */
export function PriceWarning({ text }: { text: string }) {
  return (
    <Alert color="gold" variant="light" radius="md" data-testid="price-warning">
      <Text fz="sm" fw={600} c="dark.7">
        {knownText(text)}
      </Text>
    </Alert>
  );
}
