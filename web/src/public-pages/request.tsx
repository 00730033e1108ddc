// request.html's entry: the appointment request page (/room-integration/:apiKey), nothing else.
import { AppointmentRequestPage } from '../features/appointments/public/request-page';
import { mount, pathParams } from './mount';

const [apiKey = ''] = pathParams();
void mount(<AppointmentRequestPage apiKey={apiKey} />);
