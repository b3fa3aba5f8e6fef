import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Modal, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useLiveQuery } from 'dexie-react-hooks';
import { api } from '@/data/api';
import { db } from '@/data/db';
import { deleteDraft } from '@/data/drafts';
import { discard, enqueuePublish, listOutbox, PublishInputError } from '@/data/outbox/enqueue';
import { saveListingEdit, type EditKeyHolder } from '@/data/outbox/edit';
import { kySend } from '@/data/outbox/senders';
import { MOBILE_BREAKPOINT_PX, type SellerType } from '@/domain/core/constants';
import type { ListingEligibility } from '@/domain/core/wire';
import {
  changeField,
  contactDefaults,
  EDIT_STEPS,
  expiryText,
  FIELD_LABELS,
  FIELD_STEP,
  firstIncompleteStep,
  formFieldOf,
  PAYMENT_STEP,
  PHOTOS_STEP,
  planOf,
  saveErrorMessage,
  stepIssues,
  updateBody,
  VERIFY_STEP,
  WIZARD_STEPS,
  WIZARD_TEXTS,
  type WizardField,
  type WizardForm,
} from '@/domain/listing/listingWizard';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { User } from '@/domain/account/user';
import type { Vehicle } from '@/domain/listing/vehicle';
import { useSession } from '@/app/shared/session/session';
import { kickOutbox } from '@/app/shared/outbox/outboxRunner';
import { PaymentPanel, type ListingWizardProps } from '@/app/shared/slots';
import { AdStep, ContactStep, SubscriptionStep, VehicleStep } from './FieldSteps';
import { PhotosStep } from './PhotosStep';
import { ReviewStep, VerifyStep, type FreeOffer } from './ReviewSteps';
import { StepIndicator } from './StepIndicator';
import { queuedPublish, useWizardDraft, type QueuedPublish } from './useWizardDraft';

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
          {editVehicle ? 'Edit Listing' : 'Create Listing'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close the listing wizard' }}
      closeOnClickOutside={false}
      padding={phone ? 'md' : 'lg'}
      styles={{ body: { paddingBottom: 0 } }}
    >
      {opened ? <WizardBody key={id} id={id} restore={!editVehicle && !!draftId} editVehicle={editVehicle} compact={phone} onClose={close} /> : null}
    </Modal>
  );
}

type Banner = { color: 'red' | 'orange' | 'blue'; title?: string; text: string };
type Outcome = { kind: 'success' | 'info'; text: string };

type Eligibility = ListingEligibility;

function WizardBody({ id, restore, editVehicle, compact, onClose }: { id: string; restore: boolean; editVehicle: Vehicle | undefined; compact: boolean; onClose(): void }) {
  const { user, isAdmin } = useSession();
  if (!user) {
    return (
      <Text py="xl" ta="center">
        Sign in to create a listing.
      </Text>
    );
  }
  return <SignedInWizard id={id} restore={restore} editVehicle={editVehicle} compact={compact} onClose={onClose} user={user} isAdmin={isAdmin} />;
}

function SignedInWizard({
  id,
  restore,
  editVehicle,
  compact,
  onClose,
  user,
  isAdmin,
}: {
  id: string;
  restore: boolean;
  editVehicle: Vehicle | undefined;
  compact: boolean;
  onClose(): void;
  user: User;
  isAdmin: boolean;
}) {
  const editing = !!editVehicle;
  const total = editing ? EDIT_STEPS : PAYMENT_STEP;
  const sellerType: SellerType = user.user_type === 'dealer' ? 'dealer' : 'private';
  const [banner, setBanner] = useState<Banner | null>(null);
  const [errors, setErrors] = useState<Partial<Record<WizardField, string>>>({});
  const [busy, setBusy] = useState<null | 'create' | 'free' | 'save'>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [freeOffer, setFreeOffer] = useState<FreeOffer | null>(null);
  const onSaveError = useCallback((err: unknown) => {
    console.warn('draft not saved on this device', err);
    setBanner({ color: 'red', text: `Your draft could not be saved on this device: ${err instanceof Error ? err.message : String(err)}` });
  }, []);
  const [defaults] = useState(() => ({ ...contactDefaults(user), ...(sellerType === 'dealer' && { subscription_plan: 'premium' }) }));
  const draft = useWizardDraft({ id, restore, editVehicle, defaults, onSaveError });
  const { form, step, photos } = draft;
  const scrollTop = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (editing) return;
    let live = true;
    api
      .get(`users/${user.id}/listing-eligibility`)
      .json<Eligibility>()
      .then((e) => {
        if (live && e.eligible_for_free_listing && e.expires_at) setFreeOffer({ expiresAt: e.expires_at, activeCount: e.active_listings_count });
      })
      // Offline or refused: the paid path stays open; the free one is offered when it is known.
      .catch((err: unknown) => console.warn('listing eligibility not known', err));
    return () => {
      live = false;
    };
  }, [editing, user.id]);

  // A listing the server refused earlier opens on Verify, saying why.
  const refused = draft.queued?.state === 'failed' ? (draft.queued.error ?? '') : null;
  useEffect(() => {
    if (refused !== null) setBanner({ color: 'red', title: LISTING_MESSAGES.createError, text: refused });
  }, [refused]);

  const go = (next: number) => {
    setBanner(null);
    draft.setStep(next);
    scrollTop.current?.scrollIntoView({ block: 'start' });
  };

  const onChange = <K extends WizardField>(field: K, value: WizardForm[K]) => {
    draft.updateForm((f) => changeField(f, field, value));
    if (errors[field]) setErrors(({ [field]: _gone, ...rest }) => rest);
  };

  /** Shows what stops a step next to its fields, and says which they are. */
  const showIssues = (at: number, issues: Partial<Record<WizardField, string>>) => {
    setErrors(issues);
    if (at !== step) draft.setStep(at);
    const labels = (Object.keys(issues) as WizardField[]).map((f) => FIELD_LABELS[f]);
    setBanner({ color: 'red', text: WIZARD_TEXTS.completeStep(labels) });
  };

  const next = () => {
    const issues = stepIssues(step, form);
    if (Object.keys(issues).length) return showIssues(step, issues);
    setErrors({});
    go(step + 1);
  };

  /** The checks of every step before anything is sent; false (and the seller taken there) when one fails. */
  const allComplete = (last: number) => {
    const incomplete = firstIncompleteStep(form, last);
    if (incomplete === null) return true;
    showIssues(incomplete, stepIssues(incomplete, form));
    return false;
  };

  /** The refusals of the listing's checks, next to their fields, from the earliest step that has one. */
  const showPublishIssues = (issues: { field: string; message: string }[]) => {
    const fieldErrors: Partial<Record<WizardField, string>> = {};
    let at = VERIFY_STEP;
    for (const issue of issues) {
      const field = formFieldOf(issue.field);
      if (field === 'images') at = Math.min(at, PHOTOS_STEP);
      else if (field) {
        fieldErrors[field] = issue.message;
        at = Math.min(at, FIELD_STEP[field]);
      }
    }
    setErrors(fieldErrors);
    draft.setStep(at);
    const labelled = (i: { field: string; message: string }) => {
      const field = formFieldOf(i.field);
      return field ? `${field === 'images' ? 'Photos' : FIELD_LABELS[field]}: ${i.message}` : i.message;
    };
    setBanner({ color: 'red', title: LISTING_MESSAGES.createError, text: issues.map(labelled).join(' · ') });
  };

  /** Sends the queue now and reads where this listing stands. */
  const sendNow = async (): Promise<QueuedPublish | null> => {
    await kickOutbox();
    let state = queuedPublish(await listOutbox(db, id));
    // A run already under way when this listing was queued may have finished without it.
    if (state?.state === 'waiting' && !state.error && navigator.onLine) {
      await kickOutbox();
      state = queuedPublish(await listOutbox(db, id));
    }
    return state;
  };

  const create = async (free: boolean) => {
    if (!allComplete(VERIFY_STEP)) return;
    setBusy(free ? 'free' : 'create');
    setBanner(null);
    try {
      await draft.persist(true);
      // A refused attempt is dropped so the corrected draft is what goes this time.
      if (queuedPublish(await listOutbox(db, id))?.state === 'failed') await discard(db, id);
      draft.freeze();
      await enqueuePublish(db, id, { payment: null, ...(free && { freeListing: true }), ownerId: user.id });
    } catch (err) {
      draft.unfreeze();
      setBusy(null);
      if (err instanceof PublishInputError) return showPublishIssues(err.issues);
      console.warn('listing not queued', err);
      setBanner({ color: 'red', text: LISTING_MESSAGES.createError });
      return;
    }
    const state = await sendNow().catch(() => null);
    setBusy(null);
    draft.setQueued(state);
    if (state?.state === 'failed') {
      await discard(db, id);
      draft.unfreeze();
      setBanner({ color: 'red', title: LISTING_MESSAGES.createError, text: state.error ?? '' });
      return;
    }
    if (free) {
      if (state?.state === 'done') await deleteDraft(db, id).catch((err: unknown) => console.warn('draft not removed', err));
      const expires = state?.created?.expires_at ?? freeOffer?.expiresAt;
      setOutcome(state?.state === 'done' && expires ? { kind: 'success', text: LISTING_MESSAGES.freeListed(expiryText(expires)) } : { kind: 'info', text: LISTING_MESSAGES.queuedOffline });
      return;
    }
    go(PAYMENT_STEP);
  };

  // Where the queued listing stands, kept current while the outbox is sent (by this page, another tab or the service worker).
  const liveItems = useLiveQuery(() => (step === PAYMENT_STEP ? listOutbox(db, id) : Promise.resolve(null)), [id, step]);
  const live = (liveItems && queuedPublish(liveItems)) ?? draft.queued;
  const created = live?.state === 'done';
  useEffect(() => {
    // The listing exists on the server now: the device's draft has done its job.
    if (created && !editing) void deleteDraft(db, id).catch((err: unknown) => console.warn('draft not removed', err));
  }, [created, editing, id]);

  const putKey = useRef<EditKeyHolder['current']>(null);
  const saveEdit = async () => {
    if (!allComplete(EDIT_STEPS)) return;
    if (!navigator.onLine) return setBanner({ color: 'orange', text: LISTING_MESSAGES.editNeedsConnection });
    setBusy('save');
    setBanner(null);
    try {
      const answer = await saveListingEdit(kySend(api), {
        listingId: id,
        photos: draft.photosRef.current,
        body: (images) => updateBody(form, images, isAdmin),
        uploaded: (photoId, url) => draft.setPhotos((list) => list.map((q) => (q.id === photoId ? { ...q, url } : q))),
        lastPut: putKey,
      });
      if (answer.ok) setOutcome({ kind: 'success', text: LISTING_MESSAGES.changesSaved });
      else setBanner({ color: 'red', text: saveErrorMessage(answer.status, answer.body) });
    } catch (err) {
      if (!navigator.onLine || err instanceof TypeError) setBanner({ color: 'orange', text: LISTING_MESSAGES.editNeedsConnection });
      else setBanner({ color: 'red', text: LISTING_MESSAGES.saveError });
    } finally {
      setBusy(null);
    }
  };

  if (draft.loading) {
    return (
      <Center py={80}>
        <Loader />
      </Center>
    );
  }

  if (outcome) {
    return (
      <Stack align="center" ta="center" gap="md" py={48} px="md" role="status">
        <ThemeIcon size={64} radius="xl" color={outcome.kind === 'success' ? 'brand' : 'blue'} variant="light">
          <Text fz={32} fw={700} aria-hidden>
            {outcome.kind === 'success' ? '✓' : 'i'}
          </Text>
        </ThemeIcon>
        <Text fz="lg" fw={600} maw={520}>
          {outcome.text}
        </Text>
        <Button size="md" onClick={onClose} mb="lg">
          Done
        </Button>
      </Stack>
    );
  }

  const plan = live?.plan ?? planOf(form);
  const footer = (() => {
    const back =
      step === 1 ? (
        <Button variant="default" size="md" onClick={onClose}>
          Cancel
        </Button>
      ) : (
        <Button variant="default" size="md" onClick={() => go(step - 1)} disabled={busy !== null}>
          Back
        </Button>
      );
    if (editing && step === EDIT_STEPS) {
      return [
        back,
        <Button key="save" size="md" onClick={() => void saveEdit()} loading={busy === 'save'}>
          Save changes
        </Button>,
      ];
    }
    if (step === VERIFY_STEP) {
      return [
        back,
        <Button key="create" size="md" onClick={() => void create(false)} loading={busy === 'create'} disabled={busy === 'free'}>
          Create listing
        </Button>,
      ];
    }
    if (step === PAYMENT_STEP) {
      return [
        <Text key="later" fz="sm" c="dimmed">
          You can also pay later from your dashboard.
        </Text>,
        <Button key="close" size="md" variant="default" onClick={onClose} style={{ flexShrink: 0 }}>
          Close
        </Button>,
      ];
    }
    return [
      back,
      <Button key="next" size="md" onClick={next}>
        Next
      </Button>,
    ];
  })();

  return (
    <Stack gap="md">
      <Box ref={scrollTop} pt={4}>
        <StepIndicator step={step} total={total} compact={compact} onStep={go} />
      </Box>
      <Stack gap={0}>
        {compact ? null : (
          <Text fz="xs" fw={700} tt="uppercase" c="brand.7" style={{ letterSpacing: 0.5 }}>
            {WIZARD_TEXTS.stepOf(step, total)}
          </Text>
        )}
        <Title order={3} fz={{ base: 'lg', sm: 'xl' }}>
          {WIZARD_STEPS[step - 1]}
        </Title>
      </Stack>
      {banner ? (
        <Alert color={banner.color} variant="light" title={banner.title} role="alert" withCloseButton closeButtonLabel="Dismiss" onClose={() => setBanner(null)}>
          {banner.text}
        </Alert>
      ) : null}

      {step === 1 ? <VehicleStep form={form} errors={errors} onChange={onChange} /> : null}
      {step === 2 ? <SubscriptionStep form={form} errors={errors} onChange={onChange} sellerType={sellerType} locked={!!editVehicle?.is_published} /> : null}
      {step === 3 ? <AdStep form={form} errors={errors} onChange={onChange} /> : null}
      {step === 4 ? <ContactStep form={form} errors={errors} onChange={onChange} /> : null}
      {step === 5 ? <PhotosStep photos={photos} setPhotos={draft.setPhotos} /> : null}
      {step === 6 ? <ReviewStep form={form} photos={photos} onEdit={go} /> : null}
      {step === VERIFY_STEP ? (
        <VerifyStep form={form} photos={photos} isAdmin={isAdmin} onFeatured={(v) => onChange('featured', v)} freeOffer={freeOffer} onFree={() => void create(true)} busy={busy === 'free'} />
      ) : null}
      {step === PAYMENT_STEP ? (
        <Stack gap="md">
          {live && !created ? (
            <Alert color="blue" variant="light" title="Saved on this device" role="status">
              {LISTING_MESSAGES.queuedForPayment}
            </Alert>
          ) : (
            <Alert color="brand" variant="light" role="status">
              Your listing has been created. Pay the listing fee to publish it now.
            </Alert>
          )}
          <PaymentPanel
            listingId={id}
            plan={plan}
            onPaid={() => setOutcome({ kind: 'success', text: LISTING_MESSAGES.paid })}
            onSavedAsDraft={(message) => setOutcome({ kind: 'info', text: message })}
          />
        </Stack>
      ) : null}

      <Group
        justify="space-between"
        wrap="nowrap"
        gap="sm"
        py="md"
        mt="xs"
        style={{ position: 'sticky', bottom: 0, zIndex: 2, background: 'var(--mantine-color-body)', borderTop: '1px solid var(--mantine-color-gray-2)' }}
      >
        {footer}
      </Group>
    </Stack>
  );
}
