import type { CfnElement } from 'aws-cdk-lib';
import { Stack } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

/**
 * The names groups were deployed under before a rename: a group's construct ids (and so its
 * resources' logical ids) keep the deployed name, because a new logical id would make
 * CloudFormation replace the function, its log group and its alarms.
 */
const DEPLOYED_NAMES: Readonly<Record<string, string>> = { 'calendar-events': 'events' };

/** The name a group's constructs and alarms carry: its deployed name (DEPLOYED_NAMES) or its own. */
export const deployedName = (group: string): string => DEPLOYED_NAMES[group] ?? group;

/** "stripe-webhook" -> "StripeWebhook": construct ids from manifest names. */
export const pascal = (value: string): string =>
  value
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');

/** The logical id of a construct's CloudFormation resource, as cdk-nag prints it in findings. */
export function logicalIdOf(construct: IConstruct): string {
  const child = construct.node.defaultChild;
  if (!child) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return Stack.of(construct).getLogicalId(child as CfnElement);
}
