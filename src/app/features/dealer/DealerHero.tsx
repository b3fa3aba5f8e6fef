import { initialsOf } from '@/domain/account/displayName';
import { Link } from 'react-router-dom';
import { Anchor, Avatar, Badge, Box, Container, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { countText, VEHICLES_IN_STOCK } from './countText';
import { TRUST_BADGE_HINTS, TRUST_BADGES } from '@/domain/listing/trust';
import { t } from '@/app/shared/i18n/language';

/** A map pin drawn inline: emoji fonts are missing on some devices. */
function PinIcon() {
  return (
    <svg width="14" height="14" viewBox="0 0 24 24" fill="currentColor" aria-hidden style={{ flexShrink: 0 }}>
      <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5z" />
    </svg>
  );
}

const TITLE_FZ = { base: 26, sm: 40 };
const TITLE_LH = 1.15;
const SUMMARY_FZ = { base: 'sm', sm: 'md' };

export function DealerHero({ name, location, total, loading, verified = false }: { name: string; location: string; total: number; loading: boolean; verified?: boolean }) {
  const initials = initialsOf(name);
  return (
    <Box
      c="white"
      pt={{ base: 20, sm: 32 }}
      pb={{ base: 48, sm: 64 }}
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-brand-8) 0%, var(--mantine-color-brand-6) 65%, var(--mantine-color-gold-6) 150%)' }}
    >
      <Container size="xl">
        <Anchor component={Link} to="/dealers" c="brand.0" fz="sm" fw={600}>
          {`← ${t(/*i18n*/ 'All dealers')}`}
        </Anchor>
        <Group mt="md" gap="lg" wrap="nowrap" align="center">
          <Avatar size={72} radius="lg" color="gold" variant="filled" visibleFrom="xs" aria-hidden>
            <Text c="dark" fw={850} fz={26}>
              {loading ? '' : initials}
            </Text>
          </Avatar>
          <Stack gap={6} miw={0}>
            <Group gap={6}>
              <Badge color="gold" c="dark" variant="filled" size="sm">
                {t(/*i18n*/ 'DEALER')}
              </Badge>
              {verified && !loading ? (
                <Badge color="teal" variant="filled" size="sm" title={t(TRUST_BADGE_HINTS.verified_dealer)}>
                  {t(TRUST_BADGES.verified_dealer)}
                </Badge>
              ) : null}
            </Group>
            {loading ? (
              // Blank lines of the real typography, so the page does not move when the name arrives.
              <>
                <Skeleton w={280} maw="70vw" opacity={0.35}>
                  <Title order={1} fz={TITLE_FZ} lh={TITLE_LH}>
                    &nbsp;
                  </Title>
                </Skeleton>
                <Skeleton w={220} maw="60vw" opacity={0.35}>
                  <Text fz={SUMMARY_FZ}>&nbsp;</Text>
                </Skeleton>
              </>
            ) : (
              <>
                <Title order={1} fz={TITLE_FZ} lh={TITLE_LH} style={{ overflowWrap: 'anywhere' }}>
                  {name}
                </Title>
                <Group gap="xs" c="brand.0" fz={SUMMARY_FZ} wrap="wrap">
                  <Group gap={4} wrap="nowrap">
                    <PinIcon />
                    <Text inherit>{location}</Text>
                  </Group>
                  <Text inherit aria-hidden>
                    ·
                  </Text>
                  <Text inherit fw={700} c="white">
                    {countText(total, VEHICLES_IN_STOCK)}
                  </Text>
                </Group>
              </>
            )}
          </Stack>
        </Group>
      </Container>
    </Box>
  );
}
