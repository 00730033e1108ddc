// booking.html's entry: the booking page (/booking/:apiKey), nothing else.
import { localeOf } from '#shared/i18n/locales';
import { BookingPage } from './booking/booking-page';
import { mount, pathParams } from './mount';
import { BOOKING_INTL, warmIntl, warmIntlOffThread } from './warm-intl';

// First: the browser's Intl start-up on another thread while this thread renders the page.
warmIntlOffThread(localeOf(document.documentElement.lang) ?? 'en');
const [apiKey = ''] = pathParams();
// Rendered: the Intl data the clinic's answers will need, built while they are on their way.
void mount(<BookingPage apiKey={apiKey} />).then((locale) => warmIntl(locale, BOOKING_INTL));
