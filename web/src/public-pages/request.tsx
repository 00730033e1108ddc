// request.html's entry: the appointment request page (/room-integration/:apiKey), nothing else.
import { AppointmentRequestPage } from './request/request-page';
import { mount, pathParams } from './mount';

const [apiKey = ''] = pathParams();
void mount(<AppointmentRequestPage apiKey={apiKey} />);
