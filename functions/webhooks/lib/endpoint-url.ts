// The address rules of an endpoint's URL (https, public: #lib/webhook-address), as a 400 with the
// field's message, the way the console shows a field error.
import { badRequest } from '#lib/errors';
import { resolvedHostProblem, urlProblem } from '#lib/webhook-address';

export async function checkEndpointUrl(url: string): Promise<void> {
  const problem = urlProblem(url) ?? (await resolvedHostProblem(url));
  if (problem) throw badRequest(problem, { url: problem });
}
