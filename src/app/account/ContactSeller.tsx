import { Button, Stack, Text } from '@mantine/core';
import { CONTACT_TEXTS } from '../../domain/authTexts';
import { priceText, titleOf } from '../../domain/display';
import type { Vehicle } from '../../domain/vehicle';
import { useProductName } from '../config/useConfig';
import { authDialog } from './authDialogStore';
import { useSession } from './session';
import { telHref, whatsAppHref } from './contactLinks';

/**
 * A listing's contact buttons (spec 2.7): visitors are asked to sign in (as buyers) over the listing;
 * signed-in users call the seller or message them on WhatsApp.
 */
export function ContactSeller({ vehicle }: { vehicle: Vehicle }) {
  const { signedIn } = useSession();
  const product = useProductName();
  if (!signedIn) {
    const signInAsBuyer = () => authDialog.open('signin', { audience: 'buyer' });
    return (
      <Stack gap="xs">
        <Button size="md" onClick={signInAsBuyer}>
          {CONTACT_TEXTS.signInToContact}
        </Button>
        <Button size="md" variant="light" onClick={signInAsBuyer}>
          {CONTACT_TEXTS.signInToBuy}
        </Button>
      </Stack>
    );
  }
  const phone = vehicle.seller_phone?.trim();
  if (!phone) {
    return (
      <Text c="dimmed" fz="sm">
        {CONTACT_TEXTS.noPhone}
      </Text>
    );
  }
  const url = typeof window === 'undefined' ? '' : window.location.href;
  const whatsApp = whatsAppHref(phone, CONTACT_TEXTS.whatsAppMessage(titleOf(vehicle), priceText(vehicle.price), product, url));
  return (
    <Stack gap="xs">
      <Button component="a" href={telHref(phone)} size="md">
        {CONTACT_TEXTS.call}
      </Button>
      {whatsApp ? (
        <Button component="a" href={whatsApp} target="_blank" rel="noopener" size="md" variant="light" color="green">
          {CONTACT_TEXTS.whatsApp}
        </Button>
      ) : null}
    </Stack>
  );
}
