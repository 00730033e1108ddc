// The practitioners' refusals, in a file of their own: the handlers that take a practitioner's time
// (booking, moving, appointments) name them without bundling the practitioner schemas.
export const PRACTITIONER_MESSAGES = {
  name: 'Name is required',
  notFound: 'Practitioner not found',
  hasBookings: 'This practitioner has upcoming bookings. Move or cancel them first.',
  unknownMember: 'Please choose a member of the organisation',
  unknownPractitioner: 'Unknown practitioner',
  /** A booking moved to a practitioner who does not offer its package (the calendar's team day). */
  doesNotOffer: (name: string, packageName: string) => `${name} does not offer "${packageName}". Choose a practitioner who does.`,
} as const;
