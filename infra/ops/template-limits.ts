/**
 * CloudFormation's quotas on one template, which `cdk synth` does not check and `cdk deploy`
 * learns only when CloudFormation refuses the change set: resources, outputs, parameters and
 * mappings per template (a nested stack's template counts on its own), and the size of a template
 * uploaded through S3, as the CDK CLI uploads every template it deploys.
 */
import { readFileSync, statSync } from 'node:fs';

export const TEMPLATE_LIMITS = {
  resources: 500,
  outputs: 200,
  parameters: 200,
  mappings: 200,
  bytes: 1_000_000,
} as const;

export type TemplateFigures = Record<keyof typeof TEMPLATE_LIMITS, number>;

/** A template's counts against each quota. */
export function templateFigures(file: string): TemplateFigures {
  const template = JSON.parse(readFileSync(file, 'utf8')) as Record<
    string,
    Record<string, unknown> | undefined
  >;
  const count = (section: string) => Object.keys(template[section] ?? {}).length;
  return {
    resources: count('Resources'),
    outputs: count('Outputs'),
    parameters: count('Parameters'),
    mappings: count('Mappings'),
    bytes: statSync(file).size,
  };
}

/** One line per quota a template exceeds: none when it fits. */
export function limitProblems(figures: TemplateFigures): string[] {
  return (Object.keys(TEMPLATE_LIMITS) as (keyof typeof TEMPLATE_LIMITS)[])
    .filter((key) => figures[key] > TEMPLATE_LIMITS[key])
    .map((key) => `${key}: ${figures[key]} over CloudFormation's ${TEMPLATE_LIMITS[key]}`);
}
