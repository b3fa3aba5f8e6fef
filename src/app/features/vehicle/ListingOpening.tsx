import { useParams } from 'react-router-dom';
import { listingFactsHtml } from '@/domain/listing/listingFacts';
import { StartupSpinner } from '@/app/shared/shell/Shell';
import { embeddedListing } from './embeddedListing';
import { t } from '@/app/shared/i18n/language';

/**
 * What a listing's page shows while the detail screen's code is on its way: on the page the app
 * opened on, the same facts the server wrote into it (no spinner between the server's page and the
 * app's); elsewhere the startup spinner.
 */
export function ListingOpening() {
  const { id = '' } = useParams();
  const v = embeddedListing(id);
  // The markup is the domain's own, every value in it escaped there.
  return v ? <div dangerouslySetInnerHTML={{ __html: listingFactsHtml(v, t) }} /> : <StartupSpinner />;
}
