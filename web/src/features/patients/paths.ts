import { paths } from '../../config/paths';

export const patientPath = (id: string) => paths.patients.detail.replace(':id', encodeURIComponent(id));
