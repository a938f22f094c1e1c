/**
 * Replaces `@aws-sdk/client-dynamodb` in the Lambda bundles (see bundling.ts and ADR 0016): the client and
 * the item commands the document commands of lambda-lib-dynamodb.mjs wrap (and the powertools idempotency
 * store of the event handlers sends), with the one error class it catches, from the package's own ES
 * modules, instead of its index (which, once reached through ElectroDB's `require()`, is bundled whole:
 * the aggregated `DynamoDB` class, every table-management command, paginators and waiters). Importing
 * anything else from '@aws-sdk/client-dynamodb' in handler code fails the bundle build. Locally and in
 * the tests the real package is used.
 */

export { BatchGetItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchGetItemCommand.js';
export { BatchWriteItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/BatchWriteItemCommand.js';
export { DeleteItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/DeleteItemCommand.js';
export { GetItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/GetItemCommand.js';
export { PutItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/PutItemCommand.js';
export { QueryCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/QueryCommand.js';
export { ScanCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/ScanCommand.js';
export { TransactGetItemsCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactGetItemsCommand.js';
export { TransactWriteItemsCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/TransactWriteItemsCommand.js';
export { UpdateItemCommand } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/commands/UpdateItemCommand.js';
export { DynamoDBClient } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/DynamoDBClient.js';
export { ConditionalCheckFailedException } from '../../node_modules/@aws-sdk/client-dynamodb/dist-es/models/errors.js';
