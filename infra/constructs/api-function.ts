// One place for how every function of the app runs: Node 22 on arm64, 512 MB, 10 s, ESM bundle with
// source maps and everything bundled, a log group kept for a month. The bind* helpers set the env var a
// handler reads (functions/lib/config.ts, secrets.ts) together with the grant it needs, so the two
// cannot drift apart.
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
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import type { IEmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import { BASE_ENVIRONMENT, LAMBDA_BUNDLING, aliasesFor, handlerId } from './bundling';
import { PROJECT_ROOT, handlerEntry } from './paths';

export interface ApiFunctionProps {
  /** Handler module below functions/, without extension; it exports `handler`. */
  handler: string;
  description?: string;
  /** Whether a route of this function takes multipart uploads (otherwise the parser is left out). */
  takesUploads?: boolean;
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
      retention: RetentionDays.ONE_MONTH,
      removalPolicy: RemovalPolicy.DESTROY,
    });
    super(scope, id, {
      entry: handlerEntry(props.handler),
      ...(props.code ? { code: props.code, handler: 'index.handler' } : { handler: 'handler' }),
      description: props.description ?? props.handler,
      runtime: Runtime.NODEJS_22_X,
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
          '--alias': Object.entries(aliasesFor(props.takesUploads ?? false)).map(([from, to]) => `${from}=${to}`),
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
  }

  /** TABLE_NAME + read/write on the table and its indexes. */
  bindTable(table: ITable): this {
    this.addEnvironment('TABLE_NAME', table.tableName);
    table.grantReadWriteData(this);
    return this;
  }

  /** UPLOADS_BUCKET + read/write/delete of objects. */
  bindUploads(bucket: IBucket): this {
    this.addEnvironment('UPLOADS_BUCKET', bucket.bucketName);
    bucket.grantReadWrite(this);
    return this;
  }

  /** APP_SECRETS_ARN (the JSON secret functions/lib/secrets.ts reads) + read of its value (the extension uses the role). */
  bindSecrets(secret: ISecret): this {
    this.addEnvironment('APP_SECRETS_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /** ORIGIN_SECRET_ARN: the value CloudFront adds to API requests; requests without it are refused. */
  bindOriginSecret(secret: ISecret): this {
    this.addEnvironment('ORIGIN_SECRET_ARN', secret.secretArn);
    secret.grantRead(this);
    return this;
  }

  /** MAIL_FROM + ses:SendEmail/SendRawEmail as that identity. */
  bindMail(identity: IEmailIdentity, mailFrom: string): this {
    this.addEnvironment('MAIL_FROM', mailFrom);
    identity.grantSendEmail(this);
    return this;
  }

  /** sns:Publish for text messages (functions/lib/sms.ts). SMS to phone numbers has no topic ARN, hence '*'. */
  bindSms(): this {
    this.addToRolePolicy(new PolicyStatement({ actions: ['sns:Publish'], resources: ['*'] }));
    return this;
  }

  /** APP_URL: the site's origin, used in links inside mail. */
  bindAppUrl(appUrl: string): this {
    this.addEnvironment('APP_URL', appUrl);
    return this;
  }
}
