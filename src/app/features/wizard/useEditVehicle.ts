import { useEffect, useState } from 'react';
import { fetchVehicle } from '@/data/api';
import { LISTING_MESSAGES } from '@/domain/core/messages';
import type { Vehicle } from '@/domain/listing/vehicle';
import { t } from '@/app/shared/i18n/language';

/** The listing to edit (editId; null when none is), fetched from the server once the seller is signed in, or why it could not be. */
export function useEditVehicle(signedIn: boolean, editId: string | null) {
  const [editVehicle, setEditVehicle] = useState<Vehicle | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn || !editId) return;
    let live = true;
    fetchVehicle(editId)
      .then((v) => live && setEditVehicle(v))
      .catch(() => live && setProblem(t(navigator.onLine ? LISTING_MESSAGES.notFound : LISTING_MESSAGES.editNeedsConnection)));
    return () => {
      live = false;
    };
  }, [signedIn, editId]);

  return { editVehicle, problem };
}
