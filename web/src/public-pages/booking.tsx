// booking.html's entry: the booking page (/booking/:apiKey), nothing else.
import { BookingPage } from './booking/booking-page';
import { mount, pathParams } from './mount';

const [apiKey = ''] = pathParams();
void mount(<BookingPage apiKey={apiKey} />);
