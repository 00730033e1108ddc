// GET /public/challenge: a proof-of-work challenge for a public page's next write (booking, appointment
// request, form, sign-up). The public pages fetch it after their first paint and solve it in the
// background; it is harder while the page sees more than its normal rate of writes or refusals. The
// challenge is signed for the page and the organisation key given, and the write must name the same.
import { endpoint } from '#http/http';
import { issueChallenge } from '#lib/challenge';
import { getChallengeKey } from '#lib/secrets';
import { challengeQuerySchema, getChallengeReply } from '#shared/challenge/schemas';
import { challengeLevel } from '../data/page-activity';

export const handler = endpoint({ query: challengeQuerySchema, reply: getChallengeReply }, async ({ query }) => {
  const apiKey = query.page === 'sign-up' ? '' : query.apiKey ?? '';
  const level = await challengeLevel(query.page, apiKey);
  return { data: await issueChallenge({ page: query.page, apiKey, level }, await getChallengeKey()) };
});
