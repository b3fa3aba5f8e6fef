import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { Link } from 'react-router-dom';
import { Anchor, Box, Button, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { MOBILE_BREAKPOINT_PX } from '@/domain/core/constants';
import { acceptAll, rejectAll, savePreferences, type ConsentChoice } from '@/domain/account/consent';
import { COOKIE_POLICY_PATH, postponeBanner, promptsStore, saveConsent } from '@/app/shared/prompts/promptsStore';
import classes from './CookieBanner.module.css';
import { t } from '@/app/shared/i18n/language';

// The categories' switches (Mantine's Switch and its input) come with the tap on Customise: the
// compact banner of a first visit, on the first screen, does not carry them.
const CookieCategories = lazy(() => import('./CookieCategories'));

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

const noneChosen = (): ConsentChoice => ({ necessary: true, functional: false, analytics: false, marketing: false });

/**
 * The cookie consent banner (spec section 4): a compact view with the three choices and a view with
 * a switch per category. The dimmed backdrop (and Escape) counts as Reject All while nothing is
 * saved; reopened from "Cookie settings" to change a saved choice, it closes and keeps that choice.
 *
 * The browser's own modal dialog (`<dialog>` shown with showModal(): the backdrop, the page made
 * inert, focus kept inside, Escape) instead of a modal component: every first visit shows it while
 * the page is still loading, and the modal component brought about 28 KB gzipped of code (focus trap,
 * scroll area, portal, transitions) and their rendering with it.
 */
export function CookieBanner() {
  const { banner } = useSnapshot(promptsStore);
  return banner === 'closed' ? null : <OpenCookieBanner customise={banner === 'customise'} />;
}

function OpenCookieBanner({ customise }: { customise: boolean }) {
  const { consent } = useSnapshot(promptsStore);
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, true, { getInitialValueInEffect: false });
  const [choice, setChoice] = useState<ConsentChoice>(() => (consent ? { ...consent } : noneChosen()));
  const dialog = useRef<HTMLDialogElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const titleId = useId();
  const textId = useId();

  useLayoutEffect(() => {
    const d = dialog.current!;
    if (!d.open) d.showModal();
    return () => d.close();
  }, []);
  // The heading takes the focus (as it did when the view changes), so a screen reader starts with it.
  useEffect(() => {
    title.current?.focus();
  }, [customise]);

  const now = () => new Date();
  const dismiss = () => {
    if (promptsStore.consent) promptsStore.banner = 'closed';
    else saveConsent(rejectAll(now()));
  };

  const actions = <CookieActions phone={phone} customise={customise} choice={choice} />;

  // A click on the dialog itself (not on its content, which fills it) is a click on the backdrop.
  const onClick = (e: MouseEvent<HTMLDialogElement>) => {
    if (e.target === e.currentTarget) dismiss();
  };
  const onCancel = (e: SyntheticEvent<HTMLDialogElement>) => {
    e.preventDefault();
    dismiss();
  };
  // Closed by the browser all the same (it may not let Escape be held back twice).
  const onClose = () => {
    if (promptsStore.banner !== 'closed') dismiss();
  };

  return (
    <dialog
      ref={dialog}
      id="cookie-banner"
      className={classes.dialog}
      data-view={customise ? 'customise' : 'compact'}
      aria-labelledby={titleId}
      aria-describedby={textId}
      onClick={onClick}
      onCancel={onCancel}
      onClose={onClose}
    >
      <div className={classes.content} data-cookie-banner={customise ? 'customise' : 'compact'}>
        <Box p={phone ? 'md' : 'lg'}>
          <Stack gap="md">
            <Group gap="md" wrap="nowrap" align="flex-start">
              {phone ? null : <CookieIcon />}
              <Stack gap={6} style={{ flex: 1 }}>
                <Title ref={title} id={titleId} order={2} fz={{ base: 'lg', sm: 'xl' }} fw={750} tabIndex={-1} style={{ outline: 'none' }}>
                  {customise ? t(/*i18n*/ 'Cookie settings') : t(/*i18n*/ 'Cookies on Motokari')}
                </Title>
                <Text id={textId} fz="sm" c="dark.6" lh={1.6}>
                  {customise
                    ? t(/*i18n*/ 'Choose which cookies Motokari may use. Necessary cookies are always on: without them you could not sign in or use the app offline.')
                    : t(
                        /*i18n*/ 'We use necessary cookies to keep Motokari working, also offline. With your permission we would also use functional, analytics and marketing cookies to remember your preferences, count visits and measure our advertising. Change your choice at any time under Cookie settings at the foot of each page.',
                      )}{' '}
                  <Anchor component={Link} to={COOKIE_POLICY_PATH} fz="sm" fw={600} onClick={() => (promptsStore.consent ? (promptsStore.banner = 'closed') : postponeBanner())}>
                    {t(/*i18n*/ 'Read our cookie policy')}
                  </Anchor>
                </Text>
              </Stack>
            </Group>

            {customise ? (
              <Suspense fallback={<Loader size="sm" mx="auto" aria-label={t(/*i18n*/ 'Loading cookie settings')} />}>
                <CookieCategories choice={choice} onChange={(c, on) => setChoice((prev) => ({ ...prev, [c]: on }))} />
              </Suspense>
            ) : null}

            {/* Kept in view while the categories scroll, so the choice is always one tap away. */}
            <Box
              pos="sticky"
              bottom={0}
              bg="white"
              pt="sm"
              pb={phone ? 'md' : 'lg'}
              mb={phone ? '-md' : '-lg'}
              style={{ zIndex: 1, borderTop: customise ? '1px solid var(--mantine-color-gray-2)' : undefined }}
            >
              {actions}
            </Box>
          </Stack>
        </Box>
      </div>
    </dialog>
  );
}

/** The banner's three choices, laid out for a phone or a wider screen. */
function CookieActions({ phone, customise, choice }: { phone: boolean; customise: boolean; choice: ConsentChoice }) {
  const now = () => new Date();
  const reject = (
    <Button variant="light" onClick={() => saveConsent(rejectAll(now()))}>
      {t(/*i18n*/ 'Reject All')}
    </Button>
  );
  const accept = (
    <Button variant={customise ? 'light' : 'filled'} onClick={() => saveConsent(acceptAll(now()))}>
      {t(/*i18n*/ 'Accept All')}
    </Button>
  );
  const third = customise ? (
    <Button onClick={() => saveConsent(savePreferences(choice, now()))}>{t(/*i18n*/ 'Save Preferences')}</Button>
  ) : (
    <Button variant="subtle" onClick={() => (promptsStore.banner = 'customise')}>
      {t(/*i18n*/ 'Customise')}
    </Button>
  );
  // Phones: Reject All and Accept All side by side at equal weight, the third choice on a row of its
  // own (first when it is Save Preferences). Wider screens: one row, the main choice at the right.
  return phone ? (
    <Stack gap="xs">
      {customise ? third : null}
      <Group gap="xs" grow wrap="nowrap">
        {reject}
        {accept}
      </Group>
      {customise ? null : third}
    </Stack>
  ) : (
    <Group gap="sm" justify="flex-end" wrap="nowrap">
      {customise ? null : third}
      {reject}
      {accept}
      {customise ? third : null}
    </Group>
  );
}
