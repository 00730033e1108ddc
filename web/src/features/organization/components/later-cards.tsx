// The cards under the profile and reminder settings, in their own chunk: the page renders them (and loads
// their code: the QR code, the webhooks list and its dialogs) only when they are scrolled near, so a
// phone's first screen pays for the profile form alone.
import { BookingPageLink } from '../../../components/booking-page-link';
import type { OrganizationProfile } from '../api/organization';
import { IntegrationKey } from './integration-key';
import { MailBrandingCard } from './mail-branding-card';
import { WebhooksCard } from './webhooks-card';

interface LaterCardsProps {
  org: OrganizationProfile;
  editable: boolean;
  onSaved: (o: OrganizationProfile) => void;
}

export default function LaterCards(card: LaterCardsProps) {
  return (
    <div className="d-grid gap-4">
      <MailBrandingCard key={`branding-${card.org.updatedAt}`} {...card} />
      {card.editable && (
        <>
          <IntegrationKey />
          <BookingPageLink description="The public page where visitors book your packages. Its address changes with the integration key." />
          <WebhooksCard />
        </>
      )}
    </div>
  );
}
