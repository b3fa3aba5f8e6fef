import { planOf, VERIFY_STEP, PAYMENT_STEP } from '@/domain/listing/listingWizard';
import { AdStep, ContactStep, SubscriptionStep } from './FieldSteps';
import { PaymentStep } from './PaymentStep';
import { PhotosStep } from './PhotosStep';
import { ReviewStep, VerifyStep } from './ReviewSteps';
import type { PublishListing } from './usePublishListing';
import type { WizardFlow } from './useWizardFlow';
import { VehicleStep } from './VehicleStep';

interface Props {
  id: string;
  flow: WizardFlow;
  publish: PublishListing;
  isAdmin: boolean;
  /** The listing is published: its plan cannot change. */
  locked: boolean;
}

/** The current step's fields, summary or payment. */
export function WizardStepBody({ id, flow, publish, isAdmin, locked }: Props) {
  const { draft, errors, onChange, go, busy, sellerType, setOutcome } = flow;
  const { form, step, photos } = draft;
  const { freeOffer, create, live, created } = publish;
  return (
    <>
      {step === 1 ? <VehicleStep form={form} errors={errors} onChange={onChange} /> : null}
      {step === 2 ? <SubscriptionStep form={form} errors={errors} onChange={onChange} sellerType={sellerType} locked={locked} /> : null}
      {step === 3 ? <AdStep form={form} errors={errors} onChange={onChange} /> : null}
      {step === 4 ? <ContactStep form={form} errors={errors} onChange={onChange} /> : null}
      {step === 5 ? <PhotosStep photos={photos} setPhotos={draft.setPhotos} /> : null}
      {step === 6 ? <ReviewStep form={form} photos={photos} onEdit={go} /> : null}
      {step === VERIFY_STEP ? (
        <VerifyStep form={form} photos={photos} isAdmin={isAdmin} onFeatured={(v) => onChange('featured', v)} freeOffer={freeOffer} onFree={() => void create(true)} busy={busy === 'free'} />
      ) : null}
      {step === PAYMENT_STEP ? <PaymentStep listingId={id} plan={live?.plan ?? planOf(form)} waiting={!!live && !created} setOutcome={setOutcome} /> : null}
    </>
  );
}
