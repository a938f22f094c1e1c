import { Stack, Validations } from 'aws-cdk-lib';
import { CfnPolicy } from 'aws-cdk-lib/aws-iam';
import { AwsSolutionsChecks } from 'cdk-nag';
import { flattenCfnReference } from 'cdk-nag/lib/utils/flatten-cfn-reference.js';
import type { IConstruct } from 'constructs';

/**
 * cdk-nag 3 is a CDK policy-validation plugin: it runs after synthesis and reads acknowledgements
 * (`Validations.of(x).acknowledge`) from the construct tree. Every acknowledgement here is on the
 * narrowest construct the finding belongs to, with its own reason.
 */
export function addNagChecks(scope: IConstruct) {
  Validations.of(scope).addPlugins(new AwsSolutionsChecks(scope));
}

export function acknowledge(scope: IConstruct, id: string, reason: string) {
  Validations.of(scope).acknowledge({ id, reason });
}

/**
 * Acknowledges `AwsSolutions-IAM5[Resource::...]` for exactly these resource ARNs (e.g. `bucket/*`).
 *
 * cdk-nag names a wildcard finding after the *resolved* resource text, and a resource owned by another
 * stack only resolves to its `Fn::ImportValue` form after references are wired at synthesis. So the
 * finding id is computed in a construct validation, which CDK runs after that wiring and before the
 * validation plugins. The acknowledgement still names one exact resource string, never the whole rule.
 */
export function acknowledgeWildcardResources(scope: IConstruct, resources: string[], reason: string) {
  scope.node.addValidation({
    validate: () => {
      const stack = Stack.of(scope);
      for (const r of resources) {
        acknowledge(scope, `AwsSolutions-IAM5[Resource::${flattenCfnReference(stack.resolve(r))}]`, reason);
      }
      return [];
    },
  });
}

/**
 * For policies we do not write (CDK-internal singletons such as BucketDeployment's handler): acknowledges
 * the `IAM5[Resource::...]` findings of the IAM policies under `scope` whose resolved resource matches
 * `pattern`, e.g. the CDK bootstrap assets bucket, whose name depends on the account known at synthesis.
 */
export function acknowledgeWildcardResourcesMatching(scope: IConstruct, pattern: RegExp, reason: string) {
  scope.node.addValidation({
    validate: () => {
      for (const c of scope.node.findAll()) {
        if (!(c instanceof CfnPolicy)) continue;
        const doc = Stack.of(c).resolve(c.policyDocument) as { Statement?: { Effect: string; Resource?: unknown }[] };
        for (const st of doc.Statement ?? []) {
          if (st.Effect !== 'Allow') continue;
          for (const r of ([] as unknown[]).concat(st.Resource ?? [])) {
            const flat = flattenCfnReference(r);
            if (flat.includes('*') && pattern.test(flat)) {
              acknowledge(scope, `AwsSolutions-IAM5[Resource::${flat}]`, reason);
            }
          }
        }
      }
      return [];
    },
  });
}

/** Unacknowledged AwsSolutions findings of a synthesized tree (errors and warnings), one line each. */
export function nagFindings(scope: IConstruct): string[] {
  return new AwsSolutionsChecks()
    .validateScope(scope)
    .violations.flatMap((v) =>
      v.violatingResources.map((r) => `${v.severity ?? 'error'} ${v.ruleName} at ${r.constructPath}: ${v.description}`),
    );
}
