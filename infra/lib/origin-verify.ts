/**
 * The secret CloudFront sends to the API with every request (ORIGIN_VERIFY in shared): generated
 * by Secrets Manager at the first deploy, and given by CloudFormation dynamic reference both to
 * the /api origin's custom header and to the API functions' environment, which refuse any
 * request without it. So the public execute-api endpoint answers 403 to anyone who calls it
 * directly, around CloudFront and its web ACL.
 */
import { ORIGIN_VERIFY } from '@clubs/shared';
import { RemovalPolicy, Validations } from 'aws-cdk-lib';
import type { Function as LambdaFunction } from 'aws-cdk-lib/aws-lambda';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

export class OriginVerify extends Construct {
  readonly secret: Secret;
  /** The secret's value as a dynamic reference: resolved by CloudFormation, never in the template. */
  readonly value: string;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    this.secret = new Secret(this, 'Secret', {
      description: 'The header value CloudFront sends to the API; requests without it are refused',
      generateSecretString: { passwordLength: 48, excludePunctuation: true },
      removalPolicy: RemovalPolicy.DESTROY,
    });
    this.value = this.secret.secretValue.unsafeUnwrap();
    Validations.of(this.secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by deploying: CloudFront and the functions read it only through the template, so a Secrets ' +
        'Manager rotation would refuse every request until the next deploy. docs/DEPLOY.md describes the roll.',
    });
  }

  /** The origin header CloudFront adds to requests for the API. */
  get originHeaders(): Record<string, string> {
    return { [ORIGIN_VERIFY.header]: this.value };
  }

  /** Makes a function refuse requests that lack the header. */
  protect(fn: LambdaFunction): void {
    fn.addEnvironment(ORIGIN_VERIFY.env, this.value);
  }
}
