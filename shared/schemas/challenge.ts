// The challenge route's query (functions/challenges/get-challenge.ts).
import * as z from 'zod/mini';
import { CHALLENGE_PAGES } from '../challenge';

export const challengeQuerySchema = z.object({
  page: z.enum(CHALLENGE_PAGES, 'page must be booking, appointment, form or sign-up'),
  apiKey: z.optional(z.string().check(z.maxLength(100))),
});
