import { initialsOf } from '@/domain/account/displayName';
import { useEffect, useState } from 'react';
import { Avatar, Badge, Button, Card, FileInput, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { proxy, useSnapshot } from 'valtio';
import { DASHBOARD_TEXTS as T, sellerTypeLabel } from '@/domain/listing/dashboard';
import type { User } from '@/domain/account/user';
import { t } from '@/app/shared/i18n/language';

// The Edit Profile modal's values. The spec's profile Save makes no call, so what is typed stays in
// this page's memory only: reopening the modal shows it, and a chosen picture shows on the card, until
// the page is reloaded. Nothing is written to the device's storage or sent anywhere.
interface ProfileEdits {
  userId: string | null;
  secondaryEmail: string;
  phoneNumber: string;
  picture: { url: string; name: string } | null;
}
const edits = proxy<ProfileEdits>({ userId: null, secondaryEmail: '', phoneNumber: '', picture: null });

function editsFor(user: User): ProfileEdits {
  if (edits.userId !== user.id) {
    if (edits.picture) URL.revokeObjectURL(edits.picture.url);
    Object.assign(edits, { userId: user.id, secondaryEmail: '', phoneNumber: user.phone ?? '', picture: null });
  }
  return edits;
}

function Detail({ label, value }: { label: string; value: string | null }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text fz="xs" c="dimmed" w={72} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
        {value || '—'}
      </Text>
    </Group>
  );
}

export function ProfileCard({ user, name }: { user: User; name: string }) {
  const snap = useSnapshot(edits);
  const [editing, setEditing] = useState(false);
  const picture = snap.userId === user.id ? snap.picture : null;
  const typeLabel = t(sellerTypeLabel(user.user_type));
  return (
    <Card padding="lg" component="section" aria-labelledby="profile-heading">
      <Group wrap="nowrap" gap="md" align="center">
        <Avatar src={picture?.url ?? null} alt={picture ? name : undefined} size={64} radius="xl" color="brand" variant="filled">
          {initialsOf(name)}
        </Avatar>
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={2} fz="lg" id="profile-heading" style={{ overflowWrap: 'anywhere' }}>
            {name}
          </Title>
          {user.user_type === 'dealer' && user.business_name ? (
            <Text fz="sm" fw={600} c="brand.8">
              {user.business_name}
            </Text>
          ) : null}
          <Badge color={user.user_type === 'dealer' ? 'brand' : user.user_type === 'admin' ? 'dark' : 'gray'} variant="light" w="fit-content">
            {typeLabel}
          </Badge>
        </Stack>
      </Group>
      <Stack gap={6} mt="md">
        <Detail label={t(/*i18n*/ 'Email')} value={user.email} />
        <Detail label={t(/*i18n*/ 'Phone')} value={user.phone} />
        <Detail label={t(/*i18n*/ 'Location')} value={user.location} />
      </Stack>
      <Button variant="light" mt="md" fullWidth onClick={() => setEditing(true)}>
        {t(T.editProfile)}
      </Button>
      <EditProfileModal user={user} opened={editing} onClose={() => setEditing(false)} />
    </Card>
  );
}

function EditProfileModal({ user, opened, onClose }: { user: User; opened: boolean; onClose(): void }) {
  const [secondaryEmail, setSecondaryEmail] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [file, setFile] = useState<File | null>(null);

  // Each opening starts from what was saved before (or the account's own values).
  useEffect(() => {
    if (!opened) return;
    const e = editsFor(user);
    setSecondaryEmail(e.secondaryEmail);
    setPhoneNumber(e.phoneNumber);
    setFile(null);
  }, [opened, user]);

  const save = () => {
    const e = editsFor(user);
    e.secondaryEmail = secondaryEmail.trim();
    e.phoneNumber = phoneNumber.trim();
    if (file) {
      if (e.picture) URL.revokeObjectURL(e.picture.url);
      e.picture = { url: URL.createObjectURL(file), name: file.name };
    }
    onClose();
  };

  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={750}>{t(T.profileTitle)}</Text>} centered>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          save();
        }}
      >
        <Stack gap="sm">
          <TextInput label={t(T.profileFields.name)} value={user.name} readOnly variant="filled" />
          <TextInput label={t(T.profileFields.email)} value={user.email} readOnly variant="filled" description={t(T.profileReadOnly)} />
          <TextInput label={t(T.profileFields.secondaryEmail)} type="email" value={secondaryEmail} onChange={(e) => setSecondaryEmail(e.currentTarget.value)} autoComplete="email" />
          <TextInput label={t(T.profileFields.phoneNumber)} type="tel" value={phoneNumber} onChange={(e) => setPhoneNumber(e.currentTarget.value)} autoComplete="tel" />
          <FileInput label={t(T.profileFields.profilePicture)} placeholder={edits.picture?.name ?? t(/*i18n*/ 'Choose a photo')} accept="image/*" value={file} onChange={setFile} clearable />
          <Text fz="xs" c="dimmed">
            {t(T.profileDeviceOnly)}
          </Text>
          <Group justify="flex-end" gap="sm" mt="xs">
            <Button variant="default" onClick={onClose}>
              {t(T.cancel)}
            </Button>
            <Button type="submit">{t(T.save)}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
