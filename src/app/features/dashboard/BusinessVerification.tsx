import { Badge, Button, Card, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { BUSINESS_STATUS_TEXTS, BUSINESS_TEXTS as T, type BusinessDetails } from '@/domain/account/business';
import { TRUST_BADGES } from '@/domain/listing/trust';
import type { User } from '@/domain/account/user';
import { useBusinessDetails } from './useBusinessDetails';
import { t } from '@/app/shared/i18n/language';

const STATUS_COLORS = { pending: 'yellow', verified: 'teal', rejected: 'red' } as const;

/**
 * A dealer's business details for the 'Verified dealer' badge (issue 20): sent with PUT
 * /api/me/business; an administrator verifies them. Changing them once verified sends them back for review.
 */
export function BusinessVerification({ user }: { user: User }) {
  const { details, setDetails, sending, error, submit } = useBusinessDetails(user);
  const status = user.business_status;
  const field = (name: keyof BusinessDetails) => ({
    label: t(T.fields[name]),
    value: details[name],
    onChange: (e: { currentTarget: { value: string } }) => setDetails({ ...details, [name]: e.currentTarget.value }),
    required: true,
  });
  return (
    <Card padding="lg" component="section" aria-labelledby="business-heading">
      <Title order={2} fz="lg" id="business-heading">
        {t(T.title)}
      </Title>
      {status === 'verified' ? (
        <Badge color="teal" variant="light" mt="xs" w="fit-content">
          {t(TRUST_BADGES.verified_dealer)}
        </Badge>
      ) : status ? (
        <Badge color={STATUS_COLORS[status]} variant="light" mt="xs" w="fit-content">
          {status === 'pending' ? t(/*i18n*/ 'Waiting for review') : t(/*i18n*/ 'Not verified')}
        </Badge>
      ) : null}
      <Text fz="sm" c="dimmed" mt="xs">
        {t(BUSINESS_STATUS_TEXTS[status ?? 'none'])}
      </Text>
      <form
        onSubmit={(ev) => {
          ev.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm" mt="sm">
          <TextInput {...field('business_name')} maxLength={120} autoComplete="organization" />
          <TextInput {...field('registration_number')} maxLength={60} />
          <Textarea {...field('address')} maxLength={300} autosize minRows={2} />
          {error ? (
            <Text fz="sm" c="red" role="alert">
              {error}
            </Text>
          ) : null}
          <Button type="submit" loading={sending} fullWidth>
            {status ? t(T.update) : t(T.submit)}
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
