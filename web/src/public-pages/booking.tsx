// booking.html's entry: the booking page (/booking/:apiKey), nothing else.
import { BookingPage } from '../features/public/booking/booking-page';
import { mount, pathParams } from './mount';

export const render = ([apiKey = '']: string[]) => <BookingPage apiKey={apiKey} />;

if (typeof document !== 'undefined') mount(render(pathParams()));
