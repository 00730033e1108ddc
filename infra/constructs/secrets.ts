// The app's secrets, each read only by the functions whose route rows need it (api-function.ts
// bind*): the token signing key, the key that seals secrets kept in the table, the Stripe keys, the
// CloudFront origin header and the proof-of-work challenge key. Made in the stack's scope (logical
// ids as before the split, infra/stack.ts).
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { SECRET_ACKNOWLEDGEMENTS, acknowledge } from '../compliance';

export class AppSecrets {
  /** The token signing key (JSON: tokenSigningKey), generated. */
  readonly app: Secret;
  /** Encrypts the secrets kept in the table (two-factor and webhook signing secrets). */
  readonly dataKey: Secret;
  /** stripeSecretKey and stripeWebhookSecret, put in by the operator. */
  readonly payments: Secret;
  /** The value CloudFront sends in the origin header. */
  readonly origin: Secret;
  /** Signs the public pages' proof-of-work challenges. */
  readonly challengeKey: Secret;

  constructor(scope: Stack) {
    // The token signing key, generated. Read by every function that signs or verifies tokens.
    this.app = new Secret(scope, 'AppSecrets', {
      description: 'Clinic Suite app secrets (JSON): tokenSigningKey',
      generateSecretString: {
        secretStringTemplate: JSON.stringify({}),
        generateStringKey: 'tokenSigningKey',
        passwordLength: 64,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Encrypts the secrets kept in the table (two-factor secrets), so a backup or an export of the table
    // does not give them away. A secret of its own: the token signing key rotates, this one must not
    // (what it sealed would become unreadable), and each is generated at the first deploy.
    this.dataKey = new Secret(scope, 'DataEncryptionKey', {
      description: 'Clinic Suite: the key that encrypts two-factor secrets in the table (never rotate it in place)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // The Stripe keys in a secret of their own, which only the payment functions may read (route rows
    // with `uses.payments`). Made empty: the operator puts stripeSecretKey (a restricted key) and
    // stripeWebhookSecret in it (absent keys read as "card payments not set up", functions/lib/secrets.ts).
    this.payments = new Secret(scope, 'PaymentsSecret', {
      description: 'Clinic Suite payments (JSON): stripeSecretKey (a Stripe restricted key), stripeWebhookSecret',
      secretObjectValue: {},
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // CloudFront sends this value with every API request (a custom origin header) and the functions
    // refuse requests without it, so the API's own execute-api endpoint is no way around CloudFront
    // (nor around the per-address rate limits, which read the address CloudFront forwards).
    this.origin = new Secret(scope, 'OriginSecret', {
      description: 'Clinic Suite: the value CloudFront sends to the API in the x-origin-verify header',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
    });
    // Signs the public pages' proof-of-work challenges (issue 28): read only by the challenge route and
    // the four public writes that check a solution (route rows with `challenge`).
    this.challengeKey = new Secret(scope, 'ChallengeKey', {
      description: 'Clinic Suite: the HMAC key that signs the public pages\' proof-of-work challenges',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
    });
    for (const s of [this.app, this.dataKey, this.payments, this.origin, this.challengeKey]) acknowledge(s, SECRET_ACKNOWLEDGEMENTS);
  }
}
