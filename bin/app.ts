#!/usr/bin/env node
/**
 * CDK app entry (cdk.json: `npx tsx bin/app.ts`). Offline by design: no lookups, no Docker (handlers are
 * bundled by the local esbuild), region from AWS_REGION / CDK_DEFAULT_REGION (default us-east-1).
 *
 *   npm run synth                          # templates in cdk.out/, cdk-nag AwsSolutions checks included
 *   npm run deploy -- --business-email you@biz.com
 */
import { App } from 'aws-cdk-lib';
import { createCloudApp } from '../infra/cloud/app.js';
import { cloudConfigFromContext } from '../infra/cloud/config.js';
import { addNagChecks, nagFindings } from '../infra/cloud/nag.js';

const app = new App();
createCloudApp(app, cloudConfigFromContext(app.node));
addNagChecks(app);
// Unacknowledged cdk-nag errors stop synthesis (CDK validation plugin); warnings only print there, so fail on them too.
app.synth();
const findings = nagFindings(app);
if (findings.length) {
  console.error(
    `cdk-nag: ${findings.length} unacknowledged finding(s):\n${findings.map((f) => `  - ${f}`).join('\n')}`,
  );
  process.exitCode = 1;
}
