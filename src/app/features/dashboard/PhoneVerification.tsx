import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { PHONE_CODE_LENGTH, PHONE_TEXTS as T } from '@/domain/account/phone';
import type { User } from '@/domain/account/user';
import { usePhoneVerification } from './usePhoneVerification';
import { t } from '@/app/shared/i18n/language';

/** The account's phone and its verification by an SMS code (issue 37): the 'Phone verified' badge on the seller's listings. */
export function PhoneVerification({ user }: { user: User }) {
  const v = usePhoneVerification(user);
  return (
    <Card padding="lg" component="section" aria-labelledby="phone-heading">
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} fz="lg" id="phone-heading">
          {t(T.title)}
        </Title>
        <Badge color={user.phone_verified ? 'green' : 'gray'} variant="light" data-testid="phone-status">
          {user.phone_verified ? t(T.verified) : t(T.notVerified)}
        </Badge>
      </Group>
      <Text fz="sm" mt={4}>
        {user.phone || '—'}
      </Text>
      {v.step === 'idle' ? (
        <>
          {user.phone_verified ? null : (
            <Text fz="sm" c="dimmed" mt="xs">
              {t(T.why)}
            </Text>
          )}
          <Button variant="light" mt="sm" fullWidth onClick={v.start}>
            {t(T.verify)}
          </Button>
        </>
      ) : (
        <form
          onSubmit={(ev) => {
            ev.preventDefault();
            void (v.step === 'number' ? v.sendCode() : v.verify());
          }}
        >
          <Stack gap="sm" mt="sm">
            {v.step === 'number' ? (
              <TextInput label={t(T.numberLabel)} type="tel" autoComplete="tel" value={v.phone} onChange={(e) => v.setPhone(e.currentTarget.value)} required />
            ) : (
              <>
                <Text fz="sm">{v.sentTo}</Text>
                <TextInput
                  label={t(T.codeLabel)}
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  maxLength={PHONE_CODE_LENGTH}
                  value={v.code}
                  onChange={(e) => v.setCode(e.currentTarget.value.replace(/\D/g, ''))}
                  required
                  data-autofocus
                />
              </>
            )}
            {v.error ? (
              <Text fz="sm" c="red" role="alert">
                {v.error}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={v.cancel}>
                {t(T.cancel)}
              </Button>
              {v.step === 'code' ? (
                <Button variant="subtle" onClick={() => void v.sendCode()} disabled={v.busy}>
                  {t(T.sendAgain)}
                </Button>
              ) : null}
              <Button type="submit" loading={v.busy} disabled={v.step === 'code' && v.code.length !== PHONE_CODE_LENGTH}>
                {v.step === 'number' ? t(T.sendCode) : t(T.confirm)}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
