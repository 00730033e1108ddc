// One place for how every function of the app runs: Node 24 on arm64, 512 MB, 10 s, ESM bundle with
// source maps and everything bundled, a log group kept for a year. The bind* helpers set the env var a
// handler reads (functions/lib/config.ts, secrets.ts) together with the narrow grant it needs, so the
// two cannot drift apart; the stack calls them from each route row's `uses` (functions/routes.ts).
import { join } from 'node:path';
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import {
  Architecture,
  type Code,
  ParamsAndSecretsLayerVersion,
  ParamsAndSecretsLogLevel,
  ParamsAndSecretsVersions,
  Runtime,
} from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { FUNCTION_ACKNOWLEDGEMENTS, acknowledge, arnFinding } from '../compliance';
import { TABLE_INDEXES, TENANT_INDEX } from '../../functions/data/table';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { PRIVATE_PREFIX } from '../../functions/lib/upload-keys';
import type { Uses } from '../../functions/routes';
import { BASE_ENVIRONMENT, LAMBDA_BUNDLING, aliasesFor, handlerId } from './bundling';
import { PROJECT_ROOT, handlerEntry } from './paths';

/** Every index of the table, by name. */
const TABLE_INDEX_NAMES = [...TABLE_INDEXES.map((index) => index.name), TENANT_INDEX.name];

/** Reading the table: items (also inside read transactions) and queries of the table and its indexes. */
export const TABLE_READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
/** Writing it: single items, batches, and the condition checks of write transactions. */
export const TABLE_WRITE_ACTIONS = ['dynamodb:PutItem', 'dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem', 'dynamodb:ConditionCheckItem'];

/** Public uploads (pictures, package images: org/<orgId>/...), served at /assets. */
export const PUBLIC_UPLOADS_PREFIX = 'org/';
/** Patient documents (private/org/<orgId>/...): never served at /assets, read through signed links. */
export const PRIVATE_UPLOADS_PREFIX = PRIVATE_PREFIX;

export interface ApiFunctionProps {
  /** Handler module below functions/, without extension; it exports `handler`. */
  handler: string;
  description?: string;
  memorySize?: number;
  timeout?: Duration;
  /**
   * The handler already bundled (the stack bundles all of them in one esbuild run, with the same
   * options as below). Without it NodejsFunction bundles this one itself.
   */
  code?: Code;
}

/**
 * A NodejsFunction with the app's defaults. Its construct id (hence its logical id) comes from the
 * handler module name, so it stays put when rows are added or reordered.
 */
export class ApiFunction extends NodejsFunction {
  readonly handlerModule: string;

  constructor(scope: Construct, props: ApiFunctionProps) {
    const id = handlerId(props.handler);
    const logGroup = new LogGroup(scope, `${id}Logs`, {
      // The application's audit trail (errors, request lines): kept a year, and kept when the stack goes.
      retention: RetentionDays.ONE_YEAR,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    // Its own role, allowed to write to its own log group only (not AWSLambdaBasicExecutionRole's
    // logs:* on every group); the bind* helpers below add the rest.
    const role = new Role(scope, `${id}Role`, {
      assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
      description: `Clinic Suite ${props.handler}`,
    });
    role.addToPolicy(new PolicyStatement({ actions: ['logs:CreateLogStream', 'logs:PutLogEvents'], resources: [logGroup.logGroupArn] }));
    super(scope, id, {
      role,
      entry: handlerEntry(props.handler),
      ...(props.code ? { code: props.code, handler: 'index.handler' } : { handler: 'handler' }),
      description: props.description ?? props.handler,
      runtime: Runtime.NODEJS_24_X,
      architecture: Architecture.ARM_64,
      memorySize: props.memorySize ?? 512,
      timeout: props.timeout ?? Duration.seconds(10),
      projectRoot: PROJECT_ROOT,
      depsLockFilePath: join(PROJECT_ROOT, 'package-lock.json'),
      bundling: {
        minify: LAMBDA_BUNDLING.minify,
        sourceMap: LAMBDA_BUNDLING.sourceMap,
        sourcesContent: LAMBDA_BUNDLING.sourcesContent,
        format: OutputFormat.ESM,
        target: LAMBDA_BUNDLING.target,
        mainFields: [...LAMBDA_BUNDLING.mainFields],
        banner: LAMBDA_BUNDLING.banner,
        externalModules: [...LAMBDA_BUNDLING.externalModules],
        esbuildArgs: {
          '--alias': Object.entries(aliasesFor(props.handler)).map(([from, to]) => `${from}=${to}`),
        },
      },
      environment: { ...BASE_ENVIRONMENT },
      logGroup,
      // functions/lib/secrets.ts reads the app secret through AWS's Parameters and Secrets extension
      // (localhost:2773, cached in the sandbox) instead of bundling a Secrets Manager client.
      paramsAndSecrets: ParamsAndSecretsLayerVersion.fromVersion(ParamsAndSecretsVersions.V1_0_103, {
        cacheSize: 10,
        secretsManagerTtl: Duration.minutes(5),
        logLevel: ParamsAndSecretsLogLevel.WARN,
      }),
    });
    this.handlerModule = props.handler;
    for (const part of [this, role, logGroup]) acknowledge(part, FUNCTION_ACKNOWLEDGEMENTS);
  }

  /**
   * TABLE_NAME + the table and its indexes: read (items and queries) or write (also puts, updates,
   * deletes, transactions). Never Scan: lists are queries.
   */
  bindTable(table: ITable, access: 'read' | 'write'): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    this.addToRolePolicy(
      new PolicyStatement({
        actions: access === 'read' ? TABLE_READ_ACTIONS : [...TABLE_READ_ACTIONS, ...TABLE_WRITE_ACTIONS],
        // Each index by name: a new index is granted when the data layer names it (functions/data/table.ts).
        resources: [table.tableArn, ...TABLE_INDEX_NAMES.map((name) => `${table.tableArn}/index/${name}`)],
      }),
    );
    return this;
  }

  /** UPLOADS_BUCKET + exactly the object actions, on exactly the prefixes, of the route table's `uploads`. */
  bindUploads(bucket: IBucket, access: NonNullable<Uses['uploads']>): this {
    this.addEnvironment('UPLOADS_BUCKET', bucket.bucketName);
    const objects = (prefix: string) => {
      // A prefix is a wildcard by nature: acknowledged for this very resource, nothing broader.
      acknowledge(this.role!, [[`AwsSolutions-IAM5[Resource::${arnFinding(this, bucket)}/${prefix}*]`, `The ${prefix} prefix of the uploads bucket, as the route row's uses.uploads declares.`]]);
      return bucket.arnForObjects(`${prefix}*`);
    };
    const allow = (actions: string[], resources: string[]) => this.addToRolePolicy(new PolicyStatement({ actions, resources }));
    switch (access) {
      case 'public':
        allow(['s3:PutObject', 's3:DeleteObject'], [objects(PUBLIC_UPLOADS_PREFIX)]);
        break;
      case 'public-delete':
        allow(['s3:DeleteObject'], [objects(PUBLIC_UPLOADS_PREFIX)]);
        break;
      case 'private-write':
        allow(['s3:PutObject', 's3:DeleteObject'], [objects(PRIVATE_UPLOADS_PREFIX)]);
        break;
      case 'private-delete':
        allow(['s3:DeleteObject'], [objects(PRIVATE_UPLOADS_PREFIX)]);
        break;
      case 'private-read':
        // Signed links are signed with the function's credentials: the link works only if the role may GetObject.
        allow(['s3:GetObject'], [objects(PRIVATE_UPLOADS_PREFIX)]);
        break;
      case 'erase':
        allow(['s3:DeleteObject'], [objects(PUBLIC_UPLOADS_PREFIX), objects(PRIVATE_UPLOADS_PREFIX)]);
        this.addToRolePolicy(
          new PolicyStatement({
            actions: ['s3:ListBucket'],
            resources: [bucket.bucketArn],
            conditions: { StringLike: { 's3:prefix': [`${PUBLIC_UPLOADS_PREFIX}*`, `${PRIVATE_UPLOADS_PREFIX}*`] } },
          }),
        );
        break;
    }
    return this;
  }

  /** APP_SECRETS_ARN: the token signing key (functions/lib/secrets.ts reads it through the extension, with the role). */
  bindAppSecret(secret: ISecret): this {
    this.addEnvironment('APP_SECRETS_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /** DATA_ENCRYPTION_SECRET_ARN: the key sealing two-factor secrets, with the token key's readers. */
  bindDataEncryptionKey(secret: ISecret): this {
    this.addEnvironment('DATA_ENCRYPTION_SECRET_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /** PAYMENTS_SECRET_ARN: the Stripe keys, for the functions whose rows declare `payments` only. */
  bindPaymentsSecret(secret: ISecret): this {
    this.addEnvironment('PAYMENTS_SECRET_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /** CHALLENGE_SECRET_ARN: the key signing proof-of-work challenges, for the rows that issue or check them. */
  bindChallengeKey(secret: ISecret): this {
    this.addEnvironment('CHALLENGE_SECRET_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /** ORIGIN_SECRET_ARN: the value CloudFront adds to API requests; requests without it are refused. */
  bindOriginSecret(secret: ISecret): this {
    this.addEnvironment('ORIGIN_SECRET_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /**
   * MAIL_FROM + ses:SendEmail/SendRawEmail as that identity, through its configuration set (SES
   * checks the sender's permission on both when the identity has a default configuration set).
   */
  bindMail(identity: IEmailIdentity, mailFrom: string, configurationSetArn?: string): this {
    this.addEnvironment('MAIL_FROM', mailFrom);
    identity.grantSendEmail(this);
    if (configurationSetArn) this.addToRolePolicy(new PolicyStatement({ actions: ['ses:SendEmail', 'ses:SendRawEmail'], resources: [configurationSetArn] }));
    return this;
  }

  /** sns:Publish for text messages (functions/lib/sms.ts). SMS to phone numbers has no topic ARN, hence '*'. */
  bindSms(): this {
    this.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    acknowledge(this.role!, [['AwsSolutions-IAM5[Resource::*]', 'sns:Publish to a phone number: SMS has no topic resource to name.']]);
    return this;
  }

  /** APP_URL: the site's origin, used in links inside mail. */
  bindAppUrl(appUrl: string): this {
    this.addEnvironment('APP_URL', appUrl);
    return this;
  }
}
