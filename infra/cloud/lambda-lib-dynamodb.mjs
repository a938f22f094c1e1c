/**
 * Replaces `@aws-sdk/lib-dynamodb` in the Lambda bundles (see bundling.ts and ADR 0016): the document
 * client and the ten document commands ElectroDB sends (`lib.GetCommand`, ... in electrodb/src/client.js),
 * from the package's own ES modules. ElectroDB loads the package with `require()`, which makes esbuild keep
 * the whole package and, through it, every command, paginator and waiter of `@aws-sdk/client-dynamodb`;
 * this module has only named exports, so only what is used is bundled. Importing anything else from
 * '@aws-sdk/lib-dynamodb' in handler code fails the bundle build (test/infra/bundle-size.test.ts checks
 * that every command ElectroDB names is here). The one paginator here is the project's own
 * (`paginateQuery`, shared/db/service.ts). Locally and in the tests the real package is used.
 */

export { BatchGetCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/BatchGetCommand.js';
export { BatchWriteCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/BatchWriteCommand.js';
export { DeleteCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/DeleteCommand.js';
export { GetCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/GetCommand.js';
export { PutCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/PutCommand.js';
export { QueryCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/QueryCommand.js';
export { ScanCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/ScanCommand.js';
export { TransactGetCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/TransactGetCommand.js';
export { TransactWriteCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/TransactWriteCommand.js';
export { UpdateCommand } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/commands/UpdateCommand.js';
export { DynamoDBDocumentClient } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/DynamoDBDocumentClient.js';
export { paginateQuery } from '../../node_modules/@aws-sdk/lib-dynamodb/dist-es/pagination/QueryPaginator.js';
