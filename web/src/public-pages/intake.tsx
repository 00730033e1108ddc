// intake.html's entry: the by-mail intake page (/intake#<token>, issue 36), nothing else.
import { IntakePage } from './intake/intake-page';
import { mount } from './mount';

void mount(<IntakePage />);
