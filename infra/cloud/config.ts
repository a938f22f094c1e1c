import type { Node } from 'constructs';

/**
 * Deploy-time settings of the cloud app, read once from CDK context (`-c key=value` or cdk.json) and
 * validated with a readable list of problems. `scripts/deploy.ts` passes them; `cdk synth` uses defaults.
 */
export interface CloudConfig {
  /** Region of every stack (AWS_REGION, then CDK_DEFAULT_REGION, then us-east-1). */
  region: string;
  /** Account, when the CLI knows it; otherwise the templates stay account-agnostic. */
  account?: string;
  /** The business's own address: verified in SES, receives contact requests. */
  businessEmail: string;
  /**
   * Sender address of outgoing e-mail: `noreply@<domain>` when a domain is configured (sent under its
   * DKIM signature), else the business e-mail.
   */
  fromEmail: string;
  /**
   * Optional domain: an SES domain identity with Easy DKIM (three CNAME records to publish) that mail is
   * sent from, and, with `certificateArn`, the site's address on CloudFront.
   */
  domain?: string;
  /** ACM certificate in us-east-1 for `domain` (and `www.` + domain). */
  certificateArn?: string;
  /** LOG_LEVEL of every function. */
  logLevel: 'DEBUG' | 'INFO' | 'WARN' | 'ERROR';
  /** Prefix of the stack names. */
  stackPrefix: string;
}

/** Used only when no `businessEmail` is given, so an offline `cdk synth` works. `scripts/deploy.ts` requires one. */
export const PLACEHOLDER_BUSINESS_EMAIL = 'trainer@example.com';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
const LOG_LEVELS = ['DEBUG', 'INFO', 'WARN', 'ERROR'] as const;

export type ContextReader = (key: string) => unknown;

function str(read: ContextReader, key: string): string | undefined {
  const v = read(key);
  if (v === undefined || v === null || v === '') return undefined;
  return String(v).trim();
}

/** Reads and validates the cloud settings; throws one error listing every problem. */
export function readCloudConfig(read: ContextReader, env: NodeJS.ProcessEnv = process.env): CloudConfig {
  const problems: string[] = [];
  const businessEmail = (str(read, 'businessEmail') ?? PLACEHOLDER_BUSINESS_EMAIL).toLowerCase();
  if (!EMAIL.test(businessEmail)) problems.push(`businessEmail: "${businessEmail}" is not an e-mail address`);
  const domain = (str(read, 'domain') ?? str((k) => env[k], 'PAWSITIVE_DOMAIN'))?.toLowerCase();
  if (domain !== undefined && !DOMAIN.test(domain))
    problems.push(`domain: "${domain}" is not a domain name (e.g. example.com, without https:// or a path)`);
  const fromEmail = (str(read, 'fromEmail') ?? (domain ? `noreply@${domain}` : businessEmail)).toLowerCase();
  if (str(read, 'fromEmail') !== undefined && !EMAIL.test(fromEmail))
    problems.push(`fromEmail: "${fromEmail}" is not an e-mail address`);
  const certificateArn = str(read, 'certificateArn');
  if (certificateArn !== undefined) {
    if (!domain) problems.push('certificateArn: needs `domain` as well');
    if (!/^arn:aws[\w-]*:acm:us-east-1:\d{12}:certificate\/[\w-]+$/.test(certificateArn))
      problems.push(
        'certificateArn: must be an ACM certificate ARN in us-east-1 (CloudFront only reads certificates there)',
      );
  }
  const logLevel = (str(read, 'logLevel') ?? 'INFO').toUpperCase();
  if (!(LOG_LEVELS as readonly string[]).includes(logLevel))
    problems.push(`logLevel: "${logLevel}" is not one of ${LOG_LEVELS.join(', ')}`);
  const stackPrefix = str(read, 'stackPrefix') ?? 'Pawsitive';
  if (!/^[A-Za-z][A-Za-z0-9-]{0,40}$/.test(stackPrefix))
    problems.push(`stackPrefix: "${stackPrefix}" must start with a letter and use letters, digits or dashes`);
  const region = env.AWS_REGION || env.CDK_DEFAULT_REGION || 'us-east-1';
  if (!/^[a-z]{2}(-gov)?-[a-z]+-\d$/.test(region)) problems.push(`region: "${region}" is not an AWS region`);

  if (problems.length) {
    throw new Error(`Invalid cloud configuration (CDK context):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  return {
    region,
    account: env.CDK_DEFAULT_ACCOUNT || undefined,
    businessEmail,
    fromEmail,
    domain,
    certificateArn,
    logLevel: logLevel as CloudConfig['logLevel'],
    stackPrefix,
  };
}

/** `readCloudConfig` over a construct's context. */
export const cloudConfigFromContext = (node: Node, env?: NodeJS.ProcessEnv) =>
  readCloudConfig((k) => node.tryGetContext(k), env);
