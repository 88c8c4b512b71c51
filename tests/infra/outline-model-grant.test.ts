/**
 * The outline model's Bedrock grant: a foundation model id is granted in the stack's Region; a
 * cross-Region inference profile id (`us.…`) is granted as the profile and as its model in every
 * Region the profile routes to (InvokeModel on a profile is refused without both).
 */

import { outlineModelArns } from '@clubs/infra/lib/group-access.ts';
import { App, Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';

const stack = () => new Stack(new App(), 'Grant', { env: { account: '123456789012', region: 'us-east-1' } });

/** Each ARN as CloudFormation gets it, as text (the partition is a token filled in at deploy). */
const arnsOf = (s: Stack, modelId: string) =>
  outlineModelArns(s, modelId).map((arn) => JSON.stringify(s.resolve(arn)));

describe('the outline model grant', () => {
  it('names a foundation model in the stack Region', () => {
    const s = stack();
    const arns = arnsOf(s, 'anthropic.claude-3-haiku-20240307-v1:0');
    expect(arns).toHaveLength(1);
    expect(arns[0]).toContain(':bedrock:us-east-1::foundation-model/anthropic.claude-3-haiku-20240307-v1:0');
  });

  it('names an inference profile and its model in every Region it routes to', () => {
    const s = stack();
    const arns = arnsOf(s, 'us.anthropic.claude-3-5-haiku-20241022-v1:0');
    expect(arns).toHaveLength(2);
    expect(arns[0]).toContain(
      ':bedrock:us-east-1:123456789012:inference-profile/us.anthropic.claude-3-5-haiku-20241022-v1:0',
    );
    expect(arns[1]).toContain(':bedrock:*::foundation-model/anthropic.claude-3-5-haiku-20241022-v1:0');
  });
});
