import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent, type SyntheticEvent } from 'react';
import { useMediaQuery } from '@mantine/hooks';
import { useSnapshot } from 'valtio';
import { MOBILE_BREAKPOINT_PX } from '@/domain/core/constants';
import { acceptAll, rejectAll, savePreferences, type ConsentCategory, type ConsentChoice } from '@/domain/account/consent';
import { postponeBanner, promptsStore, saveConsent } from '@/app/shared/prompts/promptsStore';

const noneChosen = (): ConsentChoice => ({ necessary: true, functional: false, analytics: false, marketing: false });

/**
 * What the open cookie banner does: shows itself as the browser's modal dialog, gives its heading the
 * focus, keeps the categories chosen on the Customise view, and saves a choice. The backdrop, Escape
 * and the browser closing it count as Reject All while nothing is saved; with a saved choice they
 * close the banner and keep it.
 */
export function useCookieBanner(customise: boolean) {
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
  const choose = {
    reject: () => saveConsent(rejectAll(now())),
    accept: () => saveConsent(acceptAll(now())),
    save: () => saveConsent(savePreferences(choice, now())),
    customise: () => (promptsStore.banner = 'customise'),
  };
  const setCategory = (c: ConsentCategory, on: boolean) => setChoice((prev) => ({ ...prev, [c]: on }));
  /** Off to the cookie policy: the banner closes, and comes back later while nothing is saved. */
  const readPolicy = () => (promptsStore.consent ? (promptsStore.banner = 'closed') : postponeBanner());

  const dialogEvents = {
    // A click on the dialog itself (not on its content, which fills it) is a click on the backdrop.
    onClick: (e: MouseEvent<HTMLDialogElement>) => {
      if (e.target === e.currentTarget) dismiss();
    },
    onCancel: (e: SyntheticEvent<HTMLDialogElement>) => {
      e.preventDefault();
      dismiss();
    },
    // Closed by the browser all the same (it may not let Escape be held back twice).
    onClose: () => {
      if (promptsStore.banner !== 'closed') dismiss();
    },
  };

  return { phone, choice, setCategory, choose, readPolicy, dialog, dialogEvents, title, titleId, textId };
}
