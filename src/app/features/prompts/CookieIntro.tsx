import type { Ref } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { COOKIE_POLICY_PATH } from '@/app/shared/prompts/promptsStore';

function CookieIcon() {
  return (
    <ThemeIcon size={44} radius="xl" color="brand" variant="light" aria-hidden>
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d="M12 2a10 10 0 1 0 10 10 4 4 0 0 1-5-5 4 4 0 0 1-5-5" />
        <path d="M8.5 8.5v.01M16 15.5v.01M12 12v.01M11 17v.01M7 14v.01" />
      </svg>
    </ThemeIcon>
  );
}

/** The cookie banner's heading and text (with the link to the cookie policy), the icon beside them on wider screens. */
export function CookieIntro({
  phone,
  customise,
  titleRef,
  titleId,
  textId,
  onReadPolicy,
}: {
  phone: boolean;
  customise: boolean;
  titleRef: Ref<HTMLHeadingElement>;
  titleId: string;
  textId: string;
  onReadPolicy: () => void;
}) {
  return (
    <Group gap="md" wrap="nowrap" align="flex-start">
      {phone ? null : <CookieIcon />}
      <Stack gap={6} style={{ flex: 1 }}>
        <Title ref={titleRef} id={titleId} order={2} fz={{ base: 'lg', sm: 'xl' }} fw={750} tabIndex={-1} style={{ outline: 'none' }}>
          {customise ? 'Cookie settings' : 'Cookies on Motokari'}
        </Title>
        <Text id={textId} fz="sm" c="dark.6" lh={1.6}>
          {customise
            ? 'Choose which cookies Motokari may use. Necessary cookies are always on: without them you could not sign in or use the app offline.'
            : 'We use necessary cookies to keep Motokari working, also offline. With your permission we would also use functional, analytics and marketing cookies to remember your preferences, count visits and measure our advertising. Change your choice at any time under Cookie settings at the foot of each page.'}{' '}
          <Anchor component={Link} to={COOKIE_POLICY_PATH} fz="sm" fw={600} onClick={onReadPolicy}>
            Read our cookie policy
          </Anchor>
        </Text>
      </Stack>
    </Group>
  );
}
