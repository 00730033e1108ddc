// DynamoDB Local's java command line: tests run it on the JVM's client compiler only (cheap to start
// on CI's busy cores), `npm start` and the load benches with the optimising compiler too (services.ts
// JVM_FLAGS says what each costs); in memory unless given a folder.
import { describe, expect, it } from 'vitest';
import { dynamoDbLocalArgs } from './services';

describe('DynamoDB Local command line', () => {
  it("keeps tests on the client compiler and lets long runs use C2", () => {
    const test = dynamoDbLocalArgs('/x/DynamoDBLocal.jar', 8000, undefined);
    const long = dynamoDbLocalArgs('/x/DynamoDBLocal.jar', 8000, undefined, true);
    expect(test).toContain('-XX:TieredStopAtLevel=1');
    expect(long).not.toContain('-XX:TieredStopAtLevel=1');
    for (const args of [test, long]) {
      // JVM options come before -jar; DynamoDB Local's own after it.
      expect(args.indexOf('-XX:+UseSerialGC')).toBeLessThan(args.indexOf('-jar'));
      expect(args.slice(args.indexOf('-jar'))).toEqual(['-jar', '/x/DynamoDBLocal.jar', '-port', '8000', '-inMemory']);
    }
  });

  it('keeps its data in the folder it is given', () => {
    const args = dynamoDbLocalArgs('/x/DynamoDBLocal.jar', 8001, '/data/dynamodb', true);
    expect(args.slice(args.indexOf('-port'))).toEqual(['-port', '8001', '-sharedDb', '-dbPath', '/data/dynamodb']);
  });
});
