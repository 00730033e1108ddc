// Environment read once at cold start. Missing required values fail the cold start, not a request.
// AWS endpoints are not configured here: the SDK reads AWS_ENDPOINT_URL_<SERVICE> itself, which the
// local stack sets, so the same code runs in Lambda and locally.
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing environment variable ${name}`);
  return value;
}

export const config = {
  get tableName() {
    return required('TABLE_NAME');
  },
  get uploadsBucket() {
    return required('UPLOADS_BUCKET');
  },
  /** The sender of every mail (SES verified identity). */
  get mailFrom() {
    return process.env.MAIL_FROM ?? 'no-reply@example.com';
  },
  /** The site's own origin, used in links inside mail (invites, receipts). */
  get appUrl() {
    return (process.env.APP_URL ?? 'http://localhost:3000').replace(/\/$/, '');
  },
};
