import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Badge, Blockquote, Button, Card, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { REPORT_REASON_LABELS, REPORT_TEXTS as R } from '@/domain/listing/reports';
import { CONVERSATION_REPORT_TEXTS as C } from '@/domain/messages/reportTexts';
import { titleOf } from '@/domain/listing/display';
import type { AdminReportGroup } from '@/domain/core/wire';
import { syncNow } from '@/app/shared/sync/syncStore';
import { notify } from '@/app/shared/toasts/toasts';
import { dismissReports, serverDetail } from './adminApi';
import { LoadFailed, shortDate, TabHeader } from './adminParts';
import { ReportedConversation } from './ReportedConversation';
import type { Loaded } from './useAdminLoad';
import { DeleteConfirmPanel, TrashIcon, useVehicleDelete } from './vehicleDelete';
import { knownText, t } from '@/app/shared/i18n/language';

/** One listing's open reports: how many, each reason and note, and the admin's two answers. */
function ReportGroup({ group, onDone }: { group: AdminReportGroup; onDone(): void }) {
  const vehicle = { id: group.vehicle_id, year: group.year, make: group.make, model: group.model };
  const del = useVehicleDelete(vehicle, onDone);
  const [dismissing, setDismissing] = useState(false);
  const title = titleOf(group);
  const dismiss = async () => {
    setDismissing(true);
    try {
      await dismissReports(group.vehicle_id);
    } catch (err) {
      const detail = await serverDetail(err);
      notify('error', detail ? knownText(detail) : t(R.dismissFailed));
      setDismissing(false);
      return;
    }
    notify('success', t(R.dismissed));
    onDone();
    // A listing hidden pending review is public again: this device's copy takes it back.
    void syncNow();
  };
  return (
    <Card component="article" aria-label={title} data-report-vehicle={group.vehicle_id} padding="md">
      <Group justify="space-between" align="flex-start" gap="xs">
        <div>
          <Title order={3} fz="h4">
            <Anchor component={Link} to={`/car/${group.vehicle_id}`}>
              {title}
            </Anchor>
          </Title>
          {group.seller_name ? (
            <Text fz="sm" c="dimmed">
              {group.seller_name}
            </Text>
          ) : null}
        </div>
        <Group gap={6}>
          <Badge color="red" variant="light" tt="none" data-report-count={group.count}>
            {R.count(group.count, t)}
          </Badge>
          {group.hidden_for_review ? (
            <Badge color="red" tt="none">
              {t(R.hiddenPendingReview)}
            </Badge>
          ) : null}
        </Group>
      </Group>
      <List mt="sm" spacing="xs" listStyleType="none">
        {group.reports.map((r, i) => (
          <List.Item key={i}>
            <Group gap={6} align="baseline">
              <Text fz="sm" fw={650}>
                {t(REPORT_REASON_LABELS[r.reason])}
              </Text>
              <Text fz="xs" c="dimmed">
                {shortDate(r.created_at)}
              </Text>
            </Group>
            {r.note ? (
              <Blockquote p="xs" mt={4} fz="sm" style={{ whiteSpace: 'pre-line' }}>
                {r.note}
              </Blockquote>
            ) : null}
          </List.Item>
        ))}
      </List>
      {del.phase === 'idle' ? (
        <Group justify="flex-end" gap="xs" mt="sm">
          <Button size="xs" variant="default" onClick={() => void dismiss()} loading={dismissing}>
            {t(R.dismiss)}
          </Button>
          <Button size="xs" color="red" variant="light" leftSection={<TrashIcon size={14} />} onClick={del.ask}>
            {t(R.removeListing)}
          </Button>
        </Group>
      ) : (
        <Stack mt="sm">
          <DeleteConfirmPanel vehicle={vehicle} phase={del.phase} onCancel={del.cancel} onConfirm={del.confirm} />
        </Stack>
      )}
    </Card>
  );
}

type ReportedGroup = AdminReportGroup & { conversation: NonNullable<AdminReportGroup['conversation']> };

/** The Reports tab (issue 20): open reports by listing, most reported first; then the reported conversations (issue 37), newest first. */
export function ReportsTab({ reports, afterChange }: { reports: Loaded<AdminReportGroup[]>; afterChange(): void }) {
  const groups = reports.data;
  const listings = groups?.filter((g) => !g.conversation) ?? [];
  const conversations = groups?.filter((g): g is ReportedGroup => !!g.conversation) ?? [];
  const done = (id: string) => {
    reports.update((all) => all.filter((g) => g.conversation || g.vehicle_id !== id));
    afterChange();
  };
  const conversationDone = (id: string) => {
    reports.update((all) => all.filter((g) => g.conversation?.id !== id));
    afterChange();
  };
  const summary = groups ? [R.summary(listings.length, t), ...(conversations.length ? [C.summary(conversations.length, t)] : [])].join(' · ') : undefined;
  return (
    <>
      <TabHeader title={t(R.heading)} summary={summary} onRefresh={reports.reload} refreshing={reports.loading} />
      {reports.failed ? <LoadFailed what="reports" onRetry={reports.reload} /> : null}
      {groups === null ? (
        reports.failed ? null : (
          <Stack>
            <Skeleton h={120} radius="md" />
            <Skeleton h={120} radius="md" />
          </Stack>
        )
      ) : groups.length === 0 ? (
        <Text c="dimmed">{t(R.none)}</Text>
      ) : (
        <Stack>
          {listings.map((g) => (
            <ReportGroup key={g.vehicle_id} group={g} onDone={() => done(g.vehicle_id)} />
          ))}
          {conversations.map((g) => (
            <ReportedConversation key={g.conversation.id} group={g} onDone={() => conversationDone(g.conversation.id)} />
          ))}
        </Stack>
      )}
    </>
  );
}
