/**
 * Deploys the whole product to an AWS account:
 *
 *   npm run deploy -- --business-email you@biz.com [--from-email noreply@biz.com] [--domain biz.com]
 *                     [--certificate-arn arn:aws:acm:us-east-1:...] [--profile p] [--region eu-west-1]
 *                     [--admin-email you@biz.com --admin-name "Jane Doe"]
 *
 * Steps: validate the arguments, `npm run build:web`, `cdk bootstrap` (idempotent), `cdk deploy --all`,
 * optionally create the first admin (Cognito user + admin group + profile), then print what is left to do.
 *
 * The web build needs the site's URL (SITE_URL: canonical and social URLs, sitemap.xml, robots.txt). With
 * --domain and --certificate-arn it is https://<domain>. Without them it is the CloudFront address, known
 * only once the Web stack exists: the build uses the SiteUrl of the last deploy's outputs when there is
 * one, and when the deployed SiteUrl differs from what the pages were built with, the web is rebuilt with
 * it and the Web stack deployed again.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { readCloudConfig } from '../infra/cloud/config.js';
import { sesIdentityNames } from '../infra/cloud/email-stack.js';
import { REPO_ROOT } from '../infra/cloud/paths.js';

const USAGE = `Usage: npm run deploy -- --business-email <email> [options]

Required:
  --business-email <email>   The business's address: receives contact requests, verified in SES.

Options:
  --from-email <email>       Sender of outgoing e-mail (default: noreply@<domain> with --domain, else the
                             business e-mail).
  --domain <domain>          Send e-mail from this domain (SES Easy DKIM: three CNAME records are printed
                             after the deploy). Also PAWSITIVE_DOMAIN.
  --certificate-arn <arn>    ACM certificate in us-east-1 for <domain> and www.<domain>: serve the site there.
  --profile <name>           AWS CLI profile to deploy with.
  --region <region>          Region (default: AWS_REGION, the profile's region, or us-east-1).
  --log-level <level>        DEBUG | INFO | WARN | ERROR (default INFO).
  --admin-email <email>      Create the first admin (Cognito user in group admin + profile); Cognito e-mails
                             a temporary password.
  --admin-name "<first last>" Name of that admin (default: the e-mail's local part).
  --skip-build               Deploy the existing web/dist.
  --skip-bootstrap           Skip \`cdk bootstrap\` (already done for this account and region).
  -h, --help                 Show this help.`;

const OUTPUTS_FILE = join(REPO_ROOT, 'cdk.out', 'deploy-outputs.json');
const WEB_INDEX = join(REPO_ROOT, 'web', 'dist', 'index.html');

function die(message: string): never {
  console.error(`\n${message}\n\n${USAGE}`);
  process.exit(2);
}

function parse() {
  try {
    return parseArgs({
      options: {
        'business-email': { type: 'string' },
        'from-email': { type: 'string' },
        domain: { type: 'string' },
        'certificate-arn': { type: 'string' },
        profile: { type: 'string' },
        region: { type: 'string' },
        'log-level': { type: 'string' },
        'admin-email': { type: 'string' },
        'admin-name': { type: 'string' },
        'skip-build': { type: 'boolean' },
        'skip-bootstrap': { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (e) {
    die(`Invalid arguments: ${(e as Error).message}`);
  }
}

const args = parse();
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

const problems: string[] = [];
if (!args['business-email']) problems.push('--business-email is required');
if (args.profile !== undefined && !/^[\w.+@-]+$/.test(args.profile)) problems.push('--profile: not a profile name');
if (args['admin-name'] !== undefined && !args['admin-email']) problems.push('--admin-name needs --admin-email');
if (args['admin-email'] !== undefined && !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(args['admin-email']))
  problems.push(`--admin-email: "${args['admin-email']}" is not an e-mail address`);
const context: Record<string, string | undefined> = {
  businessEmail: args['business-email'],
  fromEmail: args['from-email'],
  domain: args.domain,
  certificateArn: args['certificate-arn'],
  logLevel: args['log-level'],
};
const env: NodeJS.ProcessEnv = { ...process.env, CDK_DISABLE_VERSION_CHECK: '1' };
if (args.region) env.AWS_REGION = args.region;
if (args.profile) env.AWS_PROFILE = args.profile;
let config: ReturnType<typeof readCloudConfig> | undefined;
try {
  // The same validation the CDK app runs, so mistakes surface before anything is built.
  config = readCloudConfig((k) => context[k], env);
} catch (e) {
  problems.push(
    ...(e as Error).message
      .split('\n')
      .slice(1)
      .map((l) => l.replace(/^\s*-\s*/, '')),
  );
}
if (problems.length || !config) die(`Cannot deploy:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

function run(title: string, command: string, commandArgs: string[]) {
  console.log(`\n▶ ${title}\n  $ ${[command, ...commandArgs].join(' ')}\n`);
  const r = spawnSync(command, commandArgs, { cwd: REPO_ROOT, env, stdio: 'inherit' });
  if (r.status !== 0) {
    console.error(`\n✖ ${title} failed (${r.error?.message ?? `exit code ${r.status}`}).`);
    if (title.startsWith('cdk deploy')) {
      console.error(
        '  If the error mentions bootstrap or the CDKToolkit stack, run again without --skip-bootstrap.\n' +
          '  If it mentions credentials, check `aws sts get-caller-identity` (with --profile).',
      );
    }
    process.exit(r.status ?? 1);
  }
}

const cdkContext = Object.entries(context)
  .filter(([, v]) => v !== undefined && v !== '')
  .flatMap(([k, v]) => ['--context', `${k}=${v}`]);
const profileArgs = args.profile ? ['--profile', args.profile] : [];

type Outputs = Record<string, Record<string, string>>;
const readOutputs = (): Outputs => (existsSync(OUTPUTS_FILE) ? JSON.parse(readFileSync(OUTPUTS_FILE, 'utf8')) : {});
const webStack = `${config.stackPrefix}-Web`;

/** The site URL the web stack serves: https://<domain> with a certificate (web-stack.ts), else CloudFront's. */
const customSiteUrl = config.certificateArn && config.domain ? `https://${config.domain}` : undefined;
/** The site URL web/dist was built with (the prerender writes it on #root), if it was built. */
function builtSiteUrl(): string | undefined {
  if (!existsSync(WEB_INDEX)) return undefined;
  return /<div id="root"[^>]*\sdata-site-url="([^"]*)"/.exec(readFileSync(WEB_INDEX, 'utf8'))?.[1];
}
function buildWeb(siteUrl: string | undefined) {
  // Without a URL yet (first deploy, no custom domain) the build uses its local default; fixed below.
  if (siteUrl) env.SITE_URL = siteUrl;
  else delete env.SITE_URL;
  run(`Build the web app${siteUrl ? ` for ${siteUrl}` : ''}`, 'npm', ['run', 'build:web']);
}

if (!args['skip-build']) buildWeb(customSiteUrl ?? readOutputs()[webStack]?.SiteUrl);
if (!existsSync(WEB_INDEX))
  die(
    `Cannot deploy: ${WEB_INDEX} is missing, so the site would be published empty (only /config.json).\n` +
      'Run without --skip-build, or run `npm run build:web` first.',
  );
if (!args['skip-bootstrap'])
  run('cdk bootstrap (once per account and region; no-op afterwards)', 'npx', [
    'cdk',
    'bootstrap',
    '--no-notices',
    ...profileArgs,
    ...cdkContext,
  ]);
const cdkDeploy = (...stacks: string[]) => [
  'cdk',
  'deploy',
  ...stacks,
  '--require-approval',
  'never',
  '--concurrency',
  '3',
  '--no-notices',
  ...profileArgs,
  ...cdkContext,
];
run('cdk deploy --all', 'npx', [...cdkDeploy('--all'), '--outputs-file', OUTPUTS_FILE]);

const outputs: Outputs = readOutputs();
const deployedSiteUrl = outputs[webStack]?.SiteUrl;
if (deployedSiteUrl && builtSiteUrl() !== deployedSiteUrl) {
  if (args['skip-build']) {
    console.warn(
      `\n⚠ web/dist was built for ${builtSiteUrl() ?? '(unknown)'}, the site is ${deployedSiteUrl}: its canonical URLs,\n` +
        '  sitemap.xml and robots.txt point elsewhere. Run again without --skip-build to fix them.',
    );
  } else {
    // The site's address is known now: the pages' canonical URLs, sitemap and robots.txt need it.
    buildWeb(deployedSiteUrl);
    // Only the site's files change: the Web stack alone (its outputs are the same).
    run(`cdk deploy ${webStack} (the pages built for ${deployedSiteUrl})`, 'npx', cdkDeploy(webStack, '--exclusively'));
  }
}

const out = (stack: string, key: string) => outputs[`${config.stackPrefix}-${stack}`]?.[key];
const userPoolId = out('Auth', 'UserPoolId');
const tableName = out('Data', 'TableName');
const siteUrl = out('Web', 'SiteUrl');
// Cognito pool ids start with their region (`eu-west-1_AbC123`): the region the CLI really deployed to.
const region = userPoolId?.split('_')[0] ?? env.AWS_REGION ?? config.region;

async function createFirstAdmin(email: string, name: string | undefined) {
  if (!userPoolId || !tableName) throw new Error(`Stack outputs missing in ${OUTPUTS_FILE}`);
  process.env.AWS_REGION = region;
  if (args.profile) process.env.AWS_PROFILE = args.profile;
  process.env.TABLE_NAME = tableName;
  const cognito = await import('@aws-sdk/client-cognito-identity-provider');
  const client = new cognito.CognitoIdentityProviderClient({ region });
  const username = email.toLowerCase();
  let sub: string | undefined;
  try {
    const created = await client.send(
      new cognito.AdminCreateUserCommand({
        UserPoolId: userPoolId,
        Username: username,
        UserAttributes: [
          { Name: 'email', Value: username },
          { Name: 'email_verified', Value: 'true' },
        ],
        DesiredDeliveryMediums: ['EMAIL'],
      }),
    );
    sub = created.User?.Attributes?.find((a) => a.Name === 'sub')?.Value;
    console.log(`  Cognito user created; a temporary password was e-mailed to ${username}.`);
  } catch (e) {
    if ((e as { name?: string }).name !== 'UsernameExistsException') throw e;
    const existing = await client.send(new cognito.AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    sub = existing.UserAttributes?.find((a) => a.Name === 'sub')?.Value;
    console.log(`  Cognito user ${username} already exists.`);
  }
  if (!sub) throw new Error('Cognito did not return the user id (sub)');
  await client.send(
    new cognito.AdminAddUserToGroupCommand({ UserPoolId: userPoolId, Username: username, GroupName: 'admin' }),
  );
  const profiles = await import('../shared/domain/profiles.js');
  if (await profiles.getProfileByUserId(sub)) {
    console.log('  Admin profile already exists.');
    return;
  }
  const [firstName, ...rest] = (name?.trim() || username.split('@')[0]).split(/\s+/);
  await profiles.createProfile({
    userId: sub,
    role: 'admin',
    firstName,
    lastName: rest.join(' '),
    email: username,
    profileCompleted: true,
  });
  console.log('  Admin profile created.');
}

if (args['admin-email']) {
  console.log(`\n▶ First admin: ${args['admin-email']}`);
  try {
    await createFirstAdmin(args['admin-email'], args['admin-name']);
  } catch (e) {
    console.error(`✖ Creating the admin failed: ${(e as Error).message}`);
    process.exitCode = 1;
  }
}

const p = args.profile ? ` --profile ${args.profile}` : '';
const emailIdentities = sesIdentityNames(config).filter((n) => n.includes('@'));
const dkim = Object.entries(outputs[`${config.stackPrefix}-Email`] ?? {})
  .filter(([k]) => k.startsWith('DkimRecord'))
  .map(([, v]) => `       ${v}`);
console.log(`
✔ Deployed. Site: ${siteUrl ?? '(see the Web stack outputs)'}

Next steps
  1. SES: ${emailIdentities.length ? `open the "Amazon Web Services – Email Address Verification Request" mail sent to\n     ${emailIdentities.join(' and ')} and click the link.` : `mail is sent from ${config.fromEmail}.`}${
    dkim.length ? `\n     Publish these DKIM CNAME records for ${config.domain}:\n${dkim.join('\n')}` : ''
  }
     New accounts are in the SES sandbox (mail only to verified addresses): request production access in
     the SES console (Account dashboard) before inviting clients.${
       config.certificateArn && config.domain
         ? `\n  2. DNS: point ${config.domain} and www.${config.domain} (CNAME/ALIAS) to ${out('Web', 'DistributionDomainName') ?? 'the distribution domain'}.`
         : ''
     }
  ${config.certificateArn ? 3 : 2}. First admin${args['admin-email'] ? ` (${args['admin-email']}): done above, sign in with the e-mailed temporary password.` : ': run again with --admin-email you@biz.com --skip-build --skip-bootstrap, or by hand:'}${
    args['admin-email']
      ? ''
      : `
       aws cognito-idp admin-create-user${p} --region ${region} --user-pool-id ${userPoolId ?? '<UserPoolId>'} \\
         --username you@biz.com --user-attributes Name=email,Value=you@biz.com Name=email_verified,Value=true \\
         --desired-delivery-mediums EMAIL
       aws cognito-idp admin-add-user-to-group${p} --region ${region} --user-pool-id ${userPoolId ?? '<UserPoolId>'} \\
         --username you@biz.com --group-name admin
     (the API also needs the admin's profile row in table ${tableName ?? '<TableName>'}; --admin-email creates it.)`
  }
`);
