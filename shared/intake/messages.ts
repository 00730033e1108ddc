// The by-mail intake page's messages (issue 36), without zod: the page compares the server's answers with them.
export const INTAKE_PAGE_MESSAGES = {
  unknown: 'This link is not valid or has expired. Please contact the clinic.',
  done: 'Your answers were already sent. Thank you.',
  closed: 'This booking no longer takes answers (it was cancelled or has taken place). Please contact the clinic.',
} as const;
