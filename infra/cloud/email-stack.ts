import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { CloudConfig } from './config.js';

/**
 * SES identities the app sends from: the business address, the sender address when it is neither the
 * business address nor covered by the domain, and the domain (DKIM) when one is configured.
 * Names are plain strings, so function stacks build the identity ARNs without cross-stack references.
 */
export function sesIdentityNames(config: CloudConfig): string[] {
  const names = new Set<string>([config.businessEmail]);
  const fromDomain = config.fromEmail.split('@')[1];
  if (config.fromEmail !== config.businessEmail && fromDomain !== config.domain) names.add(config.fromEmail);
  if (config.domain) names.add(config.domain);
  return [...names];
}

export interface EmailStackProps extends StackProps {
  config: CloudConfig;
}

/**
 * SES identities. An e-mail identity is verified by clicking the link SES sends to it; a domain identity
 * by publishing the three DKIM CNAME records printed as outputs. New accounts are in the SES sandbox:
 * until production access is granted, mail only reaches verified addresses.
 */
export class EmailStack extends Stack {
  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    for (const name of sesIdentityNames(props.config)) {
      const isDomain = name === props.config.domain;
      const identity = new EmailIdentity(this, isDomain ? 'DomainIdentity' : `Email-${name}`, {
        identity: isDomain ? Identity.domain(name) : Identity.email(name),
      });
      if (isDomain) {
        identity.dkimRecords.forEach((r, i) => {
          new CfnOutput(this, `DkimRecord${i + 1}`, {
            description: `CNAME record ${i + 1} of 3 to publish in ${name}'s DNS (SES Easy DKIM)`,
            value: `${r.name} CNAME ${r.value}`,
          });
        });
      }
    }
  }
}
