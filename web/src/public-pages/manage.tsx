// manage.html's entry: the patient's manage page (/manage#<token>), nothing else.
import { ManagePage } from './manage/manage-page';
import { mount } from './mount';

void mount(<ManagePage />);
