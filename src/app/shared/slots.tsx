import { createContext, Suspense, useContext, type ComponentType, type ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import type { VehicleType } from '@/domain/core/constants';
import type { SubscriptionPlan } from '@/domain/payments/fees';
import type { AdvertisingPlanId } from '@/domain/payments/advertisingPlans';
import type { Vehicle } from '@/domain/listing/vehicle';

// Where one feature shows a part of another (an admin's delete control on a result card and on the
// detail page, "Save this search" on the browse page, the listing wizard on the dashboard, the
// payment step in the wizard), it renders the slot of that name from here. App.tsx fills the slots
// with the features' components, loaded when first shown: features never import each other, and
// each part's code still stays out of the screens that do not show it.

export interface ListingWizardProps {
  opened: boolean;
  onClose: () => void;
  /** Continue a draft saved on this device. */
  draftId?: string;
  /** Edit a listing already on the server (its owner or an admin). */
  editVehicle?: Vehicle;
}

export interface PaymentPanelProps {
  /** The listing's id (the draft's client-generated id for a listing published from this device). */
  listingId: string;
  plan: SubscriptionPlan | null;
  /** An advertising plan (spec 2.10) bought instead of the 7-day fee (issue 38): its price is charged. */
  advertisingPlan?: AdvertisingPlanId | null;
  /** The fee was paid and the listing is published. */
  onPaid: () => void;
  /** The payment failed or was left: the listing waits as a draft, payable later from the dashboard. */
  onSavedAsDraft: (message: string) => void;
}

export interface SaveSearchButtonProps {
  type: VehicleType;
  fields: Record<string, string | undefined>;
}

export interface FeatureSlots {
  /** A result card with the admin's delete button over its photo. */
  AdminCardControls: ComponentType<{ vehicle: Vehicle; children: ReactNode }>;
  /** The admin's delete button of the detail page. */
  AdminDetailDelete: ComponentType<{ vehicle: Vehicle }>;
  SaveSearchButton: ComponentType<SaveSearchButtonProps>;
  ListingWizard: ComponentType<ListingWizardProps>;
  PaymentPanel: ComponentType<PaymentPanelProps>;
  /** The unread messages' count beside the menus' 'Messages' entry; nothing at 0. */
  UnreadMessages: ComponentType;
}

const SlotsContext = createContext<FeatureSlots | null>(null);

/** Filled once, at the routes (App.tsx). */
export const FeatureSlotsProvider = SlotsContext.Provider;

function useSlot<K extends keyof FeatureSlots>(name: K): FeatureSlots[K] {
  const slots = useContext(SlotsContext);
  if (!slots) throw new Error(`the ${name} slot is used outside FeatureSlotsProvider`);
  return slots[name];
}

// Each slot renders like the component it stands for; the caller's Suspense shows what it likes
// while the code loads, except for the payment step, which has its own.

export function AdminCardControls(props: { vehicle: Vehicle; children: ReactNode }) {
  const Slot = useSlot('AdminCardControls');
  return <Slot {...props} />;
}

export function AdminDetailDelete(props: { vehicle: Vehicle }) {
  const Slot = useSlot('AdminDetailDelete');
  return <Slot {...props} />;
}

export function SaveSearchButton(props: SaveSearchButtonProps) {
  const Slot = useSlot('SaveSearchButton');
  return <Slot {...props} />;
}

export function ListingWizard(props: ListingWizardProps) {
  const Slot = useSlot('ListingWizard');
  return <Slot {...props} />;
}

export function PaymentPanel(props: PaymentPanelProps) {
  const Slot = useSlot('PaymentPanel');
  return (
    <Suspense
      fallback={
        <Center py="md">
          <Loader color="brand" />
        </Center>
      }
    >
      <Slot {...props} />
    </Suspense>
  );
}

export function UnreadMessages() {
  const Slot = useSlot('UnreadMessages');
  return (
    <Suspense fallback={null}>
      <Slot />
    </Suspense>
  );
}
