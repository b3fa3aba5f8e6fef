import { useState } from 'react';
import type { PaymentMethod } from '@/domain/payments/fees';
import type { User } from '@/domain/account/user';
import { suggestedMsisdn } from '@/domain/payments/payments';
import type { PaymentStatus } from './usePaymentStatus';

/**
 * The payment form's fields: the method the seller chose, the phone number and the cardholder (first
 * filled from the seller's account), and the error of the field on screen. Changing one clears it.
 */
export function usePaymentFields(user: Pick<User, 'phone' | 'name'> | null, { setNotice, setCardFailed }: PaymentStatus) {
  const [method, setMethod] = useState<PaymentMethod>('ecocash');
  const [msisdn, setMsisdn] = useState(() => suggestedMsisdn(user?.phone));
  const [cardholder, setCardholder] = useState(() => user?.name ?? '');
  const [fieldError, setFieldError] = useState<string | null>(null);
  return {
    method,
    msisdn,
    cardholder,
    fieldError,
    setFieldError,
    chooseMethod(next: PaymentMethod) {
      setMethod(next);
      setFieldError(null);
      setNotice(null);
      setCardFailed(false);
    },
    typeMsisdn(text: string) {
      setMsisdn(text);
      setFieldError(null);
    },
    typeCardholder(text: string) {
      setCardholder(text);
      setFieldError(null);
    },
  };
}
