/**
 * cdk-nag: the AwsSolutions and Serverless rule packs run as policy-validation plugins at
 * synthesis, so `cdk synth` fails on any finding that is not acknowledged in code (each
 * acknowledgement sits next to the resource it concerns, with its reason).
 */
import {
  DefaultStackSynthesizer,
  Names,
  NestedStack,
  Reference,
  Stack,
  Token,
  Tokenization,
  Validations,
} from 'aws-cdk-lib';
import { AwsSolutionsChecks, type NagPack, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export function nagPacks(scope: IConstruct): NagPack[] {
  return [new AwsSolutionsChecks(scope, { verbose: true }), new ServerlessChecks(scope, { verbose: true })];
}

export function addNagChecks(scope: IConstruct): void {
  Validations.of(scope).addPlugins(...nagPacks(scope));
}

/**
 * A value as cdk-nag spells it in a finding: resolved in its stack, so what the stack's account
 * and region fix is literal (`cdk deploy` always gives both) and the rest reads `<AWS::AccountId>`,
 * `<LogicalId>` or `<LogicalId.Attribute>`. An acknowledgement spelled by hand for one of those
 * stops matching the moment the other applies. In a nested stack, a resource of its parent reads
 * as the parameter CloudFormation passes it by (`<referenceto…>`, named as CDK names it).
 */
export function nagSpelling(scope: IConstruct, value: unknown): string {
  const visit = (node: unknown): string => {
    if (typeof node === 'string') return node.replace(/\$\{/g, '<').replace(/\}/g, '>');
    if (Array.isArray(node)) return node.map(visit).join('');
    const object = (node ?? {}) as Record<string, unknown>;
    if (Array.isArray(object['Fn::Join'])) {
      const [delimiter, items] = object['Fn::Join'] as [string, unknown[]];
      return items.map(visit).join(delimiter);
    }
    if ('Fn::Sub' in object) return visit(object['Fn::Sub']);
    if (Array.isArray(object['Fn::GetAtt'])) {
      const [resource, attribute] = object['Fn::GetAtt'] as [string, string];
      return `<${resource}.${attribute}>`;
    }
    if ('Ref' in object) return `<${String(object.Ref)}>`;
    return JSON.stringify(node);
  };
  const stack = Stack.of(scope);
  return visit(stack.resolve(typeof value === 'string' ? asPassedTo(stack, value) : value));
}

/** `value` with each reference to a resource outside nested `stack` spelled as the parameter it becomes. */
function asPassedTo(stack: Stack, value: string): string {
  if (!NestedStack.isNestedStack(stack)) return value;
  let spelled = value;
  for (const token of Tokenization.reverseString(value).tokens) {
    if (!Reference.isReference(token) || Stack.of(token.target) === stack) continue;
    if (token.displayName.startsWith('AWS::')) continue;
    const parameter = `referenceto${Names.nodeUniqueId(token.target.node)}${token.displayName}`;
    spelled = spelled.split(Token.asString(token)).join(`<${parameter.replace(/[^A-Za-z0-9]/g, '')}>`);
  }
  return spelled;
}

/** Acknowledges a wildcard resource (AwsSolutions-IAM5) of `scope`'s policies, spelled as cdk-nag will see it. */
export function acknowledgeWildcardResource(scope: IConstruct, resource: string, reason: string): void {
  Validations.of(scope).acknowledge({
    id: `AwsSolutions-IAM5[Resource::${nagSpelling(scope, resource)}]`,
    reason,
  });
}

/** The objects of the bucket `cdk bootstrap` made for the stack's file assets (the default synthesizer's). */
export function assetBucketObjectsArn(scope: IConstruct): string {
  const stack = Stack.of(scope);
  const synthesizer = stack.synthesizer;
  const qualifier =
    (synthesizer instanceof DefaultStackSynthesizer ? synthesizer.bootstrapQualifier : undefined) ??
    DefaultStackSynthesizer.DEFAULT_QUALIFIER;
  // The synthesizer's name pattern holds CloudFormation-style placeholders: fill each in.
  const fill: Record<string, string> = {
    Qualifier: qualifier,
    'AWS::AccountId': stack.account,
    'AWS::Region': stack.region,
  };
  const bucketName = DefaultStackSynthesizer.DEFAULT_FILE_ASSETS_BUCKET_NAME.replace(
    /\$\{([A-Za-z:]+)\}/g,
    (placeholder, name: string) => fill[name] ?? placeholder,
  );
  return `arn:${stack.partition}:s3:::${bucketName}/*`;
}
