// Every page of the app in one typed object (bulletproof-react). Paths of modules built later are
// here so links and tiles can name them; a link shows only when a route for it is registered
// (web/src/app/routes.tsx).
export const paths = {
  auth: {
    root: '/auth',
    registerEmail: '/auth/register-email',
    forgotPassword: '/auth/forgot-password',
    addBasicDetails: '/auth/add-basic-details',
    addOrgDetails: '/auth/add-org-details',
    acceptInvite: '/auth/accept-invite',
  },
  dashboard: '/dashboard',
  builder: '/builder',
  profile: '/profile',
  account: {
    root: '/crafted/account',
    overview: '/crafted/account/overview',
    settings: '/crafted/account/settings',
    security: '/crafted/account/security',
  },
  notFound: '/error/404',
  /** The spec's crafted pages: the set-up wizard and the reports widgets. */
  wizards: { setup: '/crafted/pages/wizards/setup' },
  reports: '/crafted/widgets/reports',

  members: { list: '/member', add: '/member/add', detail: '/member/:id' },
  organization: '/organization',
  notifications: '/notification',
  calendar: '/calendar',
  appointments: { list: '/appointments', my: '/appointments/my', book: '/appointments/book', detail: '/appointments/:id' },
  services: '/services',
  customers: { list: '/customers', detail: '/customers/:id' },
  patients: { list: '/patients', detail: '/patients/:id' },
  sms: '/sms',
  leadGeneration: { list: '/lead-generation/list', add: '/lead-generation/add', edit: '/lead-generation/:id' },
  bookings: {
    list: '/bookings',
    detail: '/bookings/booking/:id',
    packages: '/bookings/packages',
    addPackage: '/bookings/packages/add',
    editPackage: '/bookings/packages/:id',
    availability: '/bookings/availability',
    practitioners: '/bookings/practitioners',
    addPractitioner: '/bookings/practitioners/add',
    editPractitioner: '/bookings/practitioners/:id',
    bookSeries: '/bookings/series/new',
    series: '/bookings/series/:id',
    waitlist: '/bookings/waitlist',
  },
  forms: { list: '/forms', add: '/forms/add', create: '/forms/create', leads: '/forms/leads', lead: '/forms/leads/:id' },
  formBuilder: { list: '/form-builder', create: '/form-builder/create', edit: '/form-builder/:id', submissions: '/form-builder/:id/submissions' },
  logs: '/logs',
} as const;
