import { useEffect, useRef, useState, type RefObject } from 'react';
import { Box, Input, Loader, Text } from '@mantine/core';
import { PAYMENT_MESSAGES } from '@/domain/core/messages';
import { PAYMENT_TEXTS } from '@/domain/payments/payments';
import { t } from '../i18n/language';

/** What the panel asks of the mounted card element. Resolves with the provider's error message, or null. */
export interface StripeCardHandle {
  confirm(clientSecret: string, cardholder: string): Promise<string | null>;
}

/**
 * Stripe's card element (loaded from js.stripe.com only when Stripe is the card provider: the
 * `pure` entry does not load it on import). The card number never touches our page's code or server.
 */
export function StripeCardField({ publishableKey, handle, disabled }: { publishableKey: string; handle: RefObject<StripeCardHandle | null>; disabled: boolean }) {
  const mount = useRef<HTMLDivElement>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  const [error, setError] = useState<string | null>(null);
  const cardRef = useRef<{ update(o: { disabled: boolean }): void } | null>(null);

  useEffect(() => {
    let cancelled = false;
    let destroy: (() => void) | null = null;
    (async () => {
      const { loadStripe } = await import('@stripe/stripe-js/pure');
      const stripe = await loadStripe(publishableKey);
      if (cancelled) return;
      if (!stripe || !mount.current) throw new Error('Stripe did not load');
      const card = stripe.elements().create('card', { hidePostalCode: true });
      card.mount(mount.current);
      card.on('change', (e) => setError(e.error?.message ?? null));
      cardRef.current = card;
      destroy = () => card.destroy();
      handle.current = {
        async confirm(clientSecret, cardholder) {
          const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card, billing_details: { name: cardholder } } });
          // Confirmed earlier (the page closed before our server heard of it): the server's confirm settles it.
          if (!result.error || result.error.payment_intent?.status === 'succeeded') return null;
          return result.error.message ?? PAYMENT_MESSAGES.failed;
        },
      };
      setState('ready');
    })().catch((err: unknown) => {
      console.warn('card form not loaded', err);
      if (!cancelled) setState('failed');
    });
    return () => {
      cancelled = true;
      destroy?.();
      cardRef.current = null;
      handle.current = null;
    };
  }, [publishableKey, handle]);

  useEffect(() => cardRef.current?.update({ disabled }), [disabled, state]);

  return (
    <Input.Wrapper label={t(PAYMENT_TEXTS.cardLabel)} required error={error}>
      <Box mt={4} px="sm" py={12} bd="1px solid var(--mantine-color-gray-4)" style={{ borderRadius: 'var(--mantine-radius-md)' }}>
        {state === 'loading' ? <Loader size="xs" /> : null}
        {state === 'failed' ? (
          <Text fz="sm" c="red.8">
            {t(PAYMENT_TEXTS.cardLoadFailed)}
          </Text>
        ) : null}
        <div ref={mount} hidden={state !== 'ready'} />
      </Box>
    </Input.Wrapper>
  );
}
