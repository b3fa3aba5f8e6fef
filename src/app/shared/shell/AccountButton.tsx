import type { ComponentPropsWithRef } from 'react';
import { Button } from '@mantine/core';
import { ACCOUNT_NAV_TEXTS as T } from '@/domain/account/authTexts';
import { t } from '../i18n/language';

function Chevron() {
  return (
    <svg width="12" height="12" viewBox="0 0 12 12" aria-hidden focusable="false">
      <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** The Account dropdown's button; the dropdown passes its ref and handlers through. */
export function AccountButton(props: Omit<ComponentPropsWithRef<'button'>, 'color' | 'style'>) {
  return (
    <Button variant="light" rightSection={<Chevron />} {...props}>
      {t(T.account)}
    </Button>
  );
}
