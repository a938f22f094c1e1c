import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import {
  CloudWatchDimensionSource,
  ConfigurationSet,
  ConfigurationSetTlsPolicy,
  EmailIdentity,
  EmailSendingEvent,
  EventDestination,
  Identity,
  SuppressionReasons,
} from 'aws-cdk-lib/aws-ses';
import type { Construct } from 'constructs';
import type { CloudConfig } from './config.js';

/**
 * SES identities the app sends from: the business address, the sender address when it is neither the
 * business address nor covered by the domain, and the domain (DKIM) when one is configured.
 * Names are plain strings, so function stacks build the identity ARNs without cross-stack references.
 */
export function sesIdentityNames(config: CloudConfig): string[] {
  const names = new Set<string>();
  const domainOf = (address: string) => address.split('@')[1];
  // The business address receives contact requests: in the SES sandbox recipients must be verified too.
  if (domainOf(config.businessEmail) !== config.domain) names.add(config.businessEmail);
  if (domainOf(config.fromEmail) !== config.domain) names.add(config.fromEmail);
  if (config.domain) names.add(config.domain);
  return [...names];
}

/** Name of the SES configuration set every identity sends with (a plain string, like the identity names). */
export const configurationSetName = (config: CloudConfig) => `${config.stackPrefix.toLowerCase()}-mail`;

/** CloudWatch dimension (and value) the configuration set tags its bounce/complaint metrics with. */
export const SES_METRIC_DIMENSION = 'ses:configuration-set';

/** The SES event types counted in CloudWatch and alarmed on (infra/cloud/alarms.ts). */
export const SES_ALARM_EVENTS = ['Bounce', 'Complaint'] as const;

export interface EmailStackProps extends StackProps {
  config: CloudConfig;
}

/**
 * SES identities. An e-mail identity is verified by clicking the link SES sends to it; a domain identity
 * by publishing the three DKIM CNAME records printed as outputs. New accounts are in the SES sandbox:
 * until production access is granted, mail only reaches verified addresses.
 */
export class EmailStack extends Stack {
  readonly configurationSet: ConfigurationSet;

  constructor(scope: Construct, id: string, props: EmailStackProps) {
    super(scope, id, props);
    // Every identity sends with this configuration set by default: bounces and complaints become
    // CloudWatch metrics (namespace AWS/SES, dimension = the set's name), which the alarms watch.
    this.configurationSet = new ConfigurationSet(this, 'ConfigurationSet', {
      configurationSetName: configurationSetName(props.config),
      tlsPolicy: ConfigurationSetTlsPolicy.REQUIRE,
      reputationMetrics: true,
      suppressionReasons: SuppressionReasons.BOUNCES_AND_COMPLAINTS,
    });
    this.configurationSet.addEventDestination('CloudWatch', {
      destination: EventDestination.cloudWatchDimensions([
        {
          name: SES_METRIC_DIMENSION,
          source: CloudWatchDimensionSource.MESSAGE_TAG,
          defaultValue: configurationSetName(props.config),
        },
      ]),
      events: [
        EmailSendingEvent.BOUNCE,
        EmailSendingEvent.COMPLAINT,
        EmailSendingEvent.REJECT,
        EmailSendingEvent.DELIVERY,
      ],
    });
    for (const name of sesIdentityNames(props.config)) {
      const isDomain = name === props.config.domain;
      const identity = new EmailIdentity(this, isDomain ? 'DomainIdentity' : `Email-${name}`, {
        identity: isDomain ? Identity.domain(name) : Identity.email(name),
        configurationSet: this.configurationSet,
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
