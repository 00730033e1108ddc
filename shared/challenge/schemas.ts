// The challenge route's query (functions/challenges/get-challenge.ts).
import * as z from 'zod/mini';
import { pure } from '../common/schemas';
import { CHALLENGE_PAGES } from './challenge';

export const challengeQuerySchema = z.object({
  page: z.enum(CHALLENGE_PAGES, 'page must be booking, appointment, form or sign-up'),
  apiKey: z.optional(z.string().check(z.maxLength(100))),
});

// Replies: what each operation's `data` holds (endpoint({ reply }), functions/http/http.ts).

/** `data` of GET /public/challenge. */
export const getChallengeReply = /* @__PURE__ */ pure(() => z.object({
  codeChallenge: z.optional(z.object({ image: z.string(), audio: z.optional(z.string()), length: z.optional(z.number()) })),
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.optional(z.string()),
    memoryCost: z.optional(z.number()),
    parallelism: z.optional(z.number()),
    expiresAt: z.optional(z.number()),
    data: z.optional(z.record(z.string(), z.nullable(z.union([z.boolean(), z.string(), z.number()])))),
  }),
  signature: z.optional(z.string()),
}));
