import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { ADMIN_MESSAGES } from '@/domain/core/messages';
import { ADMIN_TEXTS as T, canDeleteUser, USER_TYPE_LABELS } from '@/domain/account/admin';
import type { AdminUser } from '@/domain/core/wire';
import type { UserType } from '@/domain/core/constants';
import { deleteUser } from './adminApi';
import { LoadFailed, shortDate, TabHeader } from './adminParts';
import { notify } from '@/app/shared/toasts/toasts';
import { TrashIcon } from './vehicleDelete';
import { usePhone, type Loaded } from './useAdminLoad';
import { DealerVerifications } from './DealerVerifications';
import { t } from '@/app/shared/i18n/language';

const TYPE_COLORS: Record<UserType, string> = { admin: 'gold', dealer: 'brand', private: 'gray' };

function TypeBadge({ type }: { type: UserType }) {
  return (
    <Badge color={TYPE_COLORS[type]} c={type === 'admin' ? 'dark' : undefined} variant={type === 'private' ? 'light' : 'filled'} size="sm" style={{ minWidth: 'fit-content' }}>
      {t(USER_TYPE_LABELS[type])}
    </Badge>
  );
}

function DeleteUserButton({ user, onDelete, fullWidth }: { user: AdminUser; onDelete(u: AdminUser): void; fullWidth?: boolean }) {
  return (
    <Button size="xs" color="red" variant="light" leftSection={<TrashIcon size={14} />} aria-label={T.deleteUserNamed(user.name, t)} onClick={() => onDelete(user)} fullWidth={fullWidth}>
      {t(T.deleteUser)}
    </Button>
  );
}

function UsersTable({ users, onDelete }: { users: readonly AdminUser[]; onDelete(u: AdminUser): void }) {
  const c = T.columns;
  return (
    <Table.ScrollContainer minWidth={880}>
      <Table verticalSpacing="sm" highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(c.name)}</Table.Th>
            <Table.Th>{t(c.email)}</Table.Th>
            <Table.Th>{t(c.phone)}</Table.Th>
            <Table.Th>{t(c.type)}</Table.Th>
            <Table.Th>{t(c.location)}</Table.Th>
            <Table.Th ta="right">{t(c.listings)}</Table.Th>
            <Table.Th ta="right">{t(c.credit)}</Table.Th>
            <Table.Th>{t(c.joined)}</Table.Th>
            <Table.Th>
              <VisuallyHidden>{t(c.actions)}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {users.map((u) => (
            <Table.Tr key={u.id}>
              <Table.Td>
                <Text fw={600} fz="sm">
                  {u.name}
                </Text>
                {u.business_name ? (
                  <Text fz="xs" c="dimmed">
                    {u.business_name}
                  </Text>
                ) : null}
              </Table.Td>
              <Table.Td fz="sm">{u.email}</Table.Td>
              <Table.Td fz="sm">{u.phone ?? '—'}</Table.Td>
              <Table.Td>
                <TypeBadge type={u.user_type} />
              </Table.Td>
              <Table.Td fz="sm">{u.location ?? '—'}</Table.Td>
              <Table.Td fz="sm" ta="right">
                {u.vehicle_count}
              </Table.Td>
              <Table.Td fz="sm" ta="right" fw={u.credit_cents > 0 ? 600 : undefined}>
                {u.credit_cents > 0 ? T.creditAmount(u.credit_cents) : '—'}
              </Table.Td>
              <Table.Td fz="sm" style={{ whiteSpace: 'nowrap' }}>
                {shortDate(u.created_at)}
              </Table.Td>
              <Table.Td ta="right">{canDeleteUser(u) ? <DeleteUserButton user={u} onDelete={onDelete} /> : null}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UserCards({ users, onDelete }: { users: readonly AdminUser[]; onDelete(u: AdminUser): void }) {
  return (
    <Stack gap="sm" role="list">
      {users.map((u) => (
        <Card key={u.id} padding="md" role="listitem">
          <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
            <Text fw={650}>{u.name}</Text>
            <TypeBadge type={u.user_type} />
          </Group>
          {u.business_name ? (
            <Text fz="sm" c="dimmed">
              {u.business_name}
            </Text>
          ) : null}
          <Text fz="sm" mt={4} style={{ overflowWrap: 'anywhere' }}>
            {u.email}
          </Text>
          {u.phone ? <Text fz="sm">{u.phone}</Text> : null}
          <Text fz="xs" c="dimmed" mt={4}>
            {[u.location, T.listings(u.vehicle_count, t), T.joinedOn(shortDate(u.created_at), t)].filter(Boolean).join(' · ')}
          </Text>
          {u.credit_cents > 0 ? (
            <Text fz="sm" fw={600} mt={4}>
              {T.credit(u.credit_cents, t)}
            </Text>
          ) : null}
          {canDeleteUser(u) ? (
            <Group mt="sm">
              <DeleteUserButton user={u} onDelete={onDelete} fullWidth />
            </Group>
          ) : null}
        </Card>
      ))}
    </Stack>
  );
}

function UsersSkeleton({ phone }: { phone: boolean }) {
  return (
    <Stack gap={phone ? 'sm' : 6} aria-hidden>
      {Array.from({ length: 6 }, (_, i) => (
        <Skeleton key={i} h={phone ? 128 : 44} radius="md" />
      ))}
    </Stack>
  );
}

/** Users: delete for non-admins only, after the spec's confirm; then users and stats are fetched again (spec section 7). */
export function UsersTab({ users, afterDelete }: { users: Loaded<AdminUser[]>; afterDelete(): void }) {
  const phone = usePhone();
  // The user stays in the dialog while it fades out; `opened` is what shows it.
  const [target, setTarget] = useState<AdminUser | null>(null);
  const [opened, setOpened] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const ask = (u: AdminUser) => {
    setTarget(u);
    setOpened(true);
  };
  const close = () => {
    if (!deleting) setOpened(false);
  };
  const confirm = async () => {
    if (!target) return;
    setDeleting(true);
    try {
      await deleteUser(target.id);
      notify('success', t(ADMIN_MESSAGES.userDeleted));
      afterDelete();
    } catch (err) {
      console.warn('user not deleted', err);
      notify('error', t(ADMIN_MESSAGES.userDeleteError));
    } finally {
      setDeleting(false);
      setOpened(false);
    }
  };
  const list = users.data;
  return (
    <>
      <TabHeader title={t(T.tabs.users)} summary={list ? T.userCount(list.length, t) : null} onRefresh={users.reload} refreshing={users.loading && list !== null} />
      {users.failed ? <LoadFailed what="users" onRetry={users.reload} /> : null}
      {list ? <DealerVerifications users={list} onDecided={users.reload} /> : null}
      {list === null ? (
        users.failed ? null : (
          <UsersSkeleton phone={phone} />
        )
      ) : list.length === 0 ? (
        <Text c="dimmed">{t(T.noUsers)}</Text>
      ) : phone ? (
        <UserCards users={list} onDelete={ask} />
      ) : (
        <UsersTable users={list} onDelete={ask} />
      )}
      <Modal opened={opened} onClose={close} title={t(T.deleteUser)} centered closeOnClickOutside={!deleting} closeOnEscape={!deleting} withCloseButton={!deleting}>
        <Text>{t(ADMIN_MESSAGES.deleteUserConfirm)}</Text>
        {target ? (
          <Paper withBorder p="sm" mt="sm" radius="md" bg="gray.0">
            <Text fw={650}>{target.name}</Text>
            <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {target.email} · {T.listings(target.vehicle_count, t)}
            </Text>
          </Paper>
        ) : null}
        <Group justify="flex-end" mt="lg" gap="xs">
          <Button variant="default" onClick={close} disabled={deleting} data-autofocus>
            {t(T.cancel)}
          </Button>
          <Button color="red" onClick={() => void confirm()} loading={deleting}>
            {t(T.deleteUser)}
          </Button>
        </Group>
      </Modal>
    </>
  );
}
