export const APP_NAME = 'Clinic Suite';
export const APP_TAGLINE = 'Scheduling, forms and payments for modern clinics';
/** The footer's credit. */
export const COMPANY = { name: 'Clinic Suite Labs', url: 'https://github.com/' } as const;
