/**
 * cdk-nag: the AwsSolutions and Serverless rule packs run as policy-validation plugins at
 * synthesis, so `cdk synth` fails on any finding that is not acknowledged in code (each
 * acknowledgement sits next to the resource it concerns, with its reason).
 */
import { Validations } from 'aws-cdk-lib';
import { AwsSolutionsChecks, type NagPack, ServerlessChecks } from 'cdk-nag';
import type { IConstruct } from 'constructs';

export function nagPacks(scope: IConstruct): NagPack[] {
  return [new AwsSolutionsChecks(scope, { verbose: true }), new ServerlessChecks(scope, { verbose: true })];
}

export function addNagChecks(scope: IConstruct): void {
  Validations.of(scope).addPlugins(...nagPacks(scope));
}
