import { useState } from 'react';
import { Alert, Box, Center, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@/domain/core/constants';
import { EDIT_STEPS, PAYMENT_STEP, WIZARD_STEPS, WIZARD_TEXTS } from '@/domain/listing/listingWizard';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useSession } from '@/app/shared/session/session';
import type { ListingWizardProps } from '@/app/shared/slots';
import { StepIndicator } from './StepIndicator';
import { useListingEdit } from './useListingEdit';
import { usePublishListing } from './usePublishListing';
import { useWizardFlow } from './useWizardFlow';
import { WizardFooter } from './WizardFooter';
import { WizardOutcome } from './WizardOutcome';
import { WizardStepBody } from './WizardStepBody';
import { t } from '@/app/shared/i18n/language';

/**
 * The 8-step listing wizard (spec 2.9, 4 and 5) in a modal, full screen on phones. A new listing is a
 * draft on the device from the first keystroke; 'Create listing' queues it in the outbox, which
 * publishes it exactly once whenever a connection allows. Editing a published listing (steps 1 to 6)
 * saves straight to the server.
 */
export default function ListingWizard({ opened, onClose, draftId, editVehicle }: ListingWizardProps) {
  const phone = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`) ?? false;
  // A new listing's id is made on opening: it names the draft and, once published, the listing.
  const [newId, setNewId] = useState(() => crypto.randomUUID());
  const close = () => {
    setNewId(crypto.randomUUID());
    onClose();
  };
  const id = editVehicle?.id ?? draftId ?? newId;
  return (
    <Modal
      opened={opened}
      onClose={close}
      fullScreen={phone}
      size={960}
      radius={phone ? 0 : 'lg'}
      title={
        <Text fw={750} fz="lg">
          {editVehicle ? t(/*i18n*/ 'Edit Listing') : t(/*i18n*/ 'Create Listing')}
        </Text>
      }
      closeButtonProps={{ 'aria-label': t(/*i18n*/ 'Close the listing wizard') }}
      closeOnClickOutside={false}
      padding={phone ? 'md' : 'lg'}
      styles={{ body: { paddingBottom: 0 } }}
    >
      {opened ? <WizardBody key={id} id={id} restore={!editVehicle && !!draftId} editVehicle={editVehicle} compact={phone} onClose={close} /> : null}
    </Modal>
  );
}

function WizardBody({ id, restore, editVehicle, compact, onClose }: { id: string; restore: boolean; editVehicle: Vehicle | undefined; compact: boolean; onClose(): void }) {
  const { user, isAdmin } = useSession();
  if (!user) {
    return (
      <Text py="xl" ta="center">
        {t(/*i18n*/ 'Sign in to create a listing.')}
      </Text>
    );
  }
  return <SignedInWizard id={id} restore={restore} editVehicle={editVehicle} compact={compact} onClose={onClose} user={user} isAdmin={isAdmin} />;
}

interface SignedInProps {
  id: string;
  restore: boolean;
  editVehicle: Vehicle | undefined;
  compact: boolean;
  onClose(): void;
  user: User;
  isAdmin: boolean;
}

function SignedInWizard({ id, restore, editVehicle, compact, onClose, user, isAdmin }: SignedInProps) {
  const editing = !!editVehicle;
  const total = editing ? EDIT_STEPS : PAYMENT_STEP;
  const flow = useWizardFlow({ id, restore, editVehicle, user });
  const publish = usePublishListing({ id, user, editing, flow });
  const saveEdit = useListingEdit({ id, isAdmin, flow });
  const { draft, banner, setBanner, outcome, go } = flow;
  const { step } = draft;

  if (draft.loading) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }

  if (outcome) return <WizardOutcome outcome={outcome} onClose={onClose} />;

  return (
    <Stack gap="md">
      <Box ref={flow.scrollTop} pt={4}>
        <StepIndicator step={step} total={total} compact={compact} onStep={go} />
      </Box>
      <Stack gap={0}>
        {compact ? null : (
          <Text fz="xs" fw={700} tt="uppercase" c="brand.7" style={{ letterSpacing: 0.5 }}>
            {WIZARD_TEXTS.stepOf(step, total, t)}
          </Text>
        )}
        <Title order={3} fz={{ base: 'lg', sm: 'xl' }}>
          {t(WIZARD_STEPS[step - 1] ?? '')}
        </Title>
      </Stack>
      {banner ? (
        <Alert color={banner.color} variant="light" title={banner.title} role="alert" withCloseButton closeButtonLabel={t(/*i18n*/ 'Dismiss')} onClose={() => setBanner(null)}>
          {banner.text}
        </Alert>
      ) : null}
      <WizardStepBody id={id} flow={flow} publish={publish} isAdmin={isAdmin} locked={!!editVehicle?.is_published} />
      <WizardFooter step={step} editing={editing} busy={flow.busy} onClose={onClose} go={go} next={flow.next} saveEdit={saveEdit} create={publish.create} />
    </Stack>
  );
}
