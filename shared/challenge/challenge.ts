// The public pages' proof-of-work challenge (issue 28): what the browser and the API agree on.
// functions/lib/challenge.ts issues and checks challenges; web/src/public-pages/challenge.ts solves them.

/** The public writes that take a solved challenge, one kind of page each. */
export const CHALLENGE_PAGES = ['booking', 'appointment', 'form', 'sign-up'] as const;
export type ChallengePage = (typeof CHALLENGE_PAGES)[number];

/**
 * How each try is derived: PBKDF2 with SHA-256 at this many iterations. Both solvers run it as native
 * code (the browser's Web Crypto `deriveBits`, Node's `pbkdf2`), so a script pays about what a page
 * pays per try; a single SHA-256 per try let a script in Node solve about 7 times faster than a page.
 */
export const CHALLENGE_ALGORITHM = 'PBKDF2/SHA-256';
export const CHALLENGE_COST = 1_000;

/** The request header carrying the solution: base64url of JSON `{ challenge, solution }`. */
export const CHALLENGE_HEADER = 'x-challenge';

/** The refusal of a write without a valid, unused solution (403). */
export const CHALLENGE_MESSAGE = 'Please wait a moment and try again: the page is checking your connection.';

/** How the pages name themselves to staff ("N refused attempts on the booking page ..."). */
export const CHALLENGE_PAGE_NAMES: Record<ChallengePage, string> = {
  booking: 'booking page',
  appointment: 'appointment request page',
  form: 'form page',
  'sign-up': 'sign-up page',
};
