// The single table, with the key names and indexes the data layer declares (functions/data/table.ts):
// deletion protection, point-in-time recovery, a TTL, and the stream the outbox worker reads.
//
// Like the other parts of ClinicStack, not a Construct of its own: its resources are made in the
// stack's scope, so their logical ids (hence the deployed table) stay what they were (infra/stack.ts).
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { AttributeType, BillingMode, ProjectionType, StreamViewType, Table } from 'aws-cdk-lib/aws-dynamodb';
import { TABLE_INDEXES, TABLE_KEYS, TENANT_INDEX, TTL_ATTRIBUTE } from '../../functions/data/table';

export class DataStore {
  readonly table: Table;

  constructor(scope: Stack) {
    this.table = new Table(scope, 'Table', {
      partitionKey: { name: TABLE_KEYS.partition, type: AttributeType.STRING },
      sortKey: { name: TABLE_KEYS.sort, type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      timeToLiveAttribute: TTL_ATTRIBUTE,
      removalPolicy: RemovalPolicy.RETAIN,
      // Not even a stack update that replaces it, nor a person in the console, deletes it by mistake.
      deletionProtection: true,
      // The outbox worker reads new and changed outbox rows from the stream.
      stream: StreamViewType.NEW_IMAGE,
    });
    for (const index of TABLE_INDEXES) {
      this.table.addGlobalSecondaryIndex({
        indexName: index.name,
        partitionKey: { name: index.partition, type: AttributeType.STRING },
        sortKey: { name: index.sort, type: AttributeType.STRING },
        projectionType: ProjectionType.ALL,
      });
    }
    // Every item of an organisation by its `tenant` stamp: deleting an organisation whole, no Scan.
    this.table.addGlobalSecondaryIndex({
      indexName: TENANT_INDEX.name,
      partitionKey: { name: TENANT_INDEX.partition, type: AttributeType.STRING },
      projectionType: ProjectionType.KEYS_ONLY,
    });
  }
}
