import type { CfnResource } from 'aws-cdk-lib';
import { Role } from 'aws-cdk-lib/aws-iam';
import { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';

/**
 * Lambda's Function makes its resource depend on its whole role (the role and its default policy). The role
 * itself is already a dependency through the function's `Role: GetAtt`, so that DependsOn entry is redundant
 * and cfn-lint warns about each one (W3005). Construct dependencies become DependsOn entries while the app
 * is prepared, which happens before validation: this validation drops the redundant entry of every function
 * under `scope` (the policy's entry stays, it is what the function needs before its first invocation).
 */
export function dropRedundantRoleDependencies(scope: IConstruct) {
  scope.node.addValidation({
    validate: () => {
      for (const c of scope.node.findAll()) {
        if (!(c instanceof LambdaFunction) || !(c.role instanceof Role)) continue;
        const fn = c.node.defaultChild as CfnResource;
        const role = c.role.node.defaultChild as CfnResource;
        if (fn.stack === role.stack) fn.removeResourceDependency(role);
      }
      return [];
    },
  });
}
