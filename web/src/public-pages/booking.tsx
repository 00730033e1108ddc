// booking.html's entry: the booking page (/booking/:apiKey), nothing else.
import { BookingPage } from './booking/booking-page';
import { mount, pathParams } from './mount';
import { BOOKING_INTL, warmIntl } from './warm-intl';

const [apiKey = ''] = pathParams();
// Rendered: the Intl data the clinic's answers will need, built while they are on their way.
void mount(<BookingPage apiKey={apiKey} />).then((locale) => warmIntl(locale, BOOKING_INTL));
