import { Card, SegmentedControl, Switch, Text, Title } from '@mantine/core';
import type { User } from '@/domain/account/user';
import { CONTACT_CHOICES, CONTACT_CHOICE_TEXTS as T } from '@/domain/messages/contactChoice';
import { useContactPreference } from './useContactPreference';
import { t } from '@/app/shared/i18n/language';

/** How buyers reach the seller, for all their listings (issue 37): 'Phone and messages' or 'Messages only'. */
export function ContactPreferenceCard({ user }: { user: User }) {
  const c = useContactPreference(user);
  return (
    <Card padding="lg" component="section" aria-labelledby="contact-preference-heading">
      <Title order={2} fz="lg" id="contact-preference-heading">
        {t(T.title)}
      </Title>
      <SegmentedControl
        mt="sm"
        fullWidth
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
        aria-labelledby="contact-preference-heading"
        data-testid="contact-preference"
        data={CONTACT_CHOICES.map((choice) => ({ ...choice, label: t(choice.label) }))}
        value={c.value}
        disabled={c.saving}
        onChange={(v) => void c.choose(v === 'messages' ? 'messages' : 'phone')}
      />
      <Text fz="sm" c="dimmed" mt="xs">
        {t(T.accountHint)}
      </Text>
      <Switch mt="md" label={t(T.messageEmails)} checked={c.messageEmails} disabled={c.saving} onChange={(e) => void c.setMessageEmails(e.currentTarget.checked)} data-testid="message-emails" />
    </Card>
  );
}
