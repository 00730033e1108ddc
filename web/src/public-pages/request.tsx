// request.html's entry: the appointment request page (/room-integration/:apiKey), nothing else.
import { AppointmentRequestPage } from '../features/appointments/public/request-page';
import { mount, pathParams } from './mount';

export const render = ([apiKey = '']: string[]) => <AppointmentRequestPage apiKey={apiKey} />;

if (typeof document !== 'undefined') mount(render(pathParams()));
