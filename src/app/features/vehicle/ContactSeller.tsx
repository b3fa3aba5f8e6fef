import { Link } from 'react-router-dom';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { CONTACT_TEXTS } from '@/domain/account/contactTexts';
import { priceText, titleOf } from '@/domain/listing/display';
import type { SellerContact, Vehicle } from '@/domain/listing/vehicle';
import { useProductName } from '@/app/shared/config/useConfig';
import { authDialog } from '@/app/shared/session/authDialogStore';
import { useSession } from '@/app/shared/session/session';
import { telHref, whatsAppHref } from './contactLinks';
import { useSellerContact } from './sellerContact';
import { recordListingTap } from './listingTaps';
import { knownText, t } from '@/app/shared/i18n/language';

function whatsAppLink(vehicle: Vehicle, phone: string, product: string): string | null {
  const url = typeof window === 'undefined' ? '' : window.location.href;
  return whatsAppHref(phone, CONTACT_TEXTS.whatsAppMessage(titleOf(vehicle), priceText(vehicle.price, undefined, t), product, url, t));
}

const phoneOf = (contact: SellerContact | null) => contact?.seller_phone?.trim() || null;

/**
 * 'Message seller' (issue 37): a conversation kept inside Motokari, written offline too. Visitors get
 * the sign-in dialog as for the other contact buttons; the listing's own seller does not see it.
 */
function MessageSeller({ vehicle, primary }: { vehicle: Vehicle; primary: boolean }) {
  const { signedIn, user } = useSession();
  if (user?.id === vehicle.seller_id) return null;
  const look = { size: 'md', variant: primary ? 'filled' : 'outline' } as const;
  if (!signedIn) {
    return (
      <Button {...look} onClick={() => authDialog.open('signin', { audience: 'buyer' })}>
        {t(CONTACT_TEXTS.messageSeller)}
      </Button>
    );
  }
  return (
    <Button {...look} component={Link} to={`/listing/${encodeURIComponent(vehicle.id)}/message`}>
      {t(CONTACT_TEXTS.messageSeller)}
    </Button>
  );
}

/**
 * A listing's contact buttons (spec 2.7): visitors are asked to sign in (as buyers) over the listing;
 * signed-in users call the seller or message them on WhatsApp. The number is not in the listing: the
 * first tap asks for it (sellerContact.ts), then goes on to the call or the chat; once known on this
 * device the buttons are plain links, offline too.
 */
export function ContactSeller({ vehicle }: { vehicle: Vehicle }) {
  const { signedIn } = useSession();
  const product = useProductName();
  const { offered, entry, reveal } = useSellerContact(vehicle);
  if (!offered) return null;
  const messagesOnly = vehicle.contact_preference === 'messages';
  const message = <MessageSeller vehicle={vehicle} primary={messagesOnly} />;
  if (!signedIn || !entry) {
    const signInAsBuyer = () => authDialog.open('signin', { audience: 'buyer' });
    return (
      <Stack gap="xs">
        <Button size="md" onClick={signInAsBuyer}>
          {t(CONTACT_TEXTS.signInToContact)}
        </Button>
        <Button size="md" variant="light" onClick={signInAsBuyer}>
          {t(CONTACT_TEXTS.signInToBuy)}
        </Button>
        {message}
      </Stack>
    );
  }
  // A seller who takes messages only: the phone is never sent, so there is nothing to call.
  if (messagesOnly) return <Stack gap="xs">{message}</Stack>;
  if (entry.state === 'shown') {
    const phone = phoneOf(entry.contact);
    if (!phone) {
      return (
        <Stack gap="xs">
          <Text c="dimmed" fz="sm">
            {t(CONTACT_TEXTS.noPhone)}
          </Text>
          {message}
        </Stack>
      );
    }
    const whatsApp = whatsAppLink(vehicle, phone, product);
    return (
      <Stack gap="xs">
        <Button component="a" href={telHref(phone)} size="md" onClick={() => recordListingTap(vehicle.id, 'call')}>
          {t(CONTACT_TEXTS.call)}
        </Button>
        {whatsApp ? (
          <Button component="a" href={whatsApp} target="_blank" rel="noopener" size="md" variant="light" color="green" onClick={() => recordListingTap(vehicle.id, 'whatsapp')}>
            {t(CONTACT_TEXTS.whatsApp)}
          </Button>
        ) : null}
        {message}
      </Stack>
    );
  }
  // Not asked yet on this device: the tap asks, then calls or opens the chat with the number it got.
  const busy = entry.state === 'loading' || entry.state === 'checking';
  const call = async () => {
    const phone = phoneOf(await reveal());
    if (!phone) return;
    recordListingTap(vehicle.id, 'call');
    window.location.href = telHref(phone);
  };
  const chat = async () => {
    const phone = phoneOf(await reveal());
    const link = phone ? whatsAppLink(vehicle, phone, product) : null;
    if (!link) return;
    recordListingTap(vehicle.id, 'whatsapp');
    window.open(link, '_blank', 'noopener');
  };
  return (
    <Stack gap="xs">
      <Button size="md" loading={busy} onClick={() => void call()}>
        {t(CONTACT_TEXTS.call)}
      </Button>
      <Button size="md" variant="light" color="green" disabled={busy} onClick={() => void chat()}>
        {t(CONTACT_TEXTS.whatsApp)}
      </Button>
      {message}
      {entry.state === 'failed' ? (
        <Text c="red.7" fz="sm" role="alert">
          {knownText(entry.error)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The seller's phone (and a dealer's email) in Seller Information and More from {dealer}, for
 * signed-in users: shown once known on this device, else a 'Show phone number' button that asks.
 * Visitors see nothing here; the price panel asks them to sign in. On a sold listing only its seller
 * and administrators see it (useSellerContact).
 */
export function SellerContactLines({ vehicle }: { vehicle: Vehicle }) {
  const { entry, reveal } = useSellerContact(vehicle);
  // Messages only (issue 37): no phone to show or ask for, not even one this device kept from before.
  const messagesOnly = vehicle.contact_preference === 'messages';
  if (!entry || (messagesOnly && entry.state !== 'shown')) return null;
  if (entry.state === 'shown') {
    const phone = messagesOnly ? null : phoneOf(entry.contact);
    const email = entry.contact.seller_email;
    return (
      <Stack gap={2} mt={4}>
        {phone ? (
          <Text>
            {t(CONTACT_TEXTS.phone)}: <Anchor href={telHref(phone)}>{phone}</Anchor>
          </Text>
        ) : (
          <Text c="dimmed" fz="sm">
            {t(CONTACT_TEXTS.noPhone)}
          </Text>
        )}
        {email ? (
          <Text>
            {t(CONTACT_TEXTS.email)}: <Anchor href={`mailto:${email}`}>{email}</Anchor>
          </Text>
        ) : null}
      </Stack>
    );
  }
  return (
    <Stack gap={4} mt={6} align="flex-start">
      <Button variant="light" size="compact-md" loading={entry.state === 'loading' || entry.state === 'checking'} onClick={() => void reveal()}>
        {t(CONTACT_TEXTS.showContact)}
      </Button>
      {entry.state === 'failed' ? (
        <Text c="red.7" fz="sm" role="alert">
          {knownText(entry.error)}
        </Text>
      ) : null}
    </Stack>
  );
}
