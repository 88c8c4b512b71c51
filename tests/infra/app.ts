/**
 * Builds the stack the way infra/bin/app.ts does (same feature flags from cdk.json, same config
 * parsing), with test context. Bundling dominates the time, so each test file builds once.
 */
import { ClubsStack } from '@clubs/infra/lib/clubs-stack.ts';
import { ConfigError, loadConfig } from '@clubs/infra/lib/config.ts';
import { cdkJsonContext, standInWebDist } from '@clubs/infra/ops/deploy-check.ts';
import { App, type CfnElement, NestedStack, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { BUNDLING_STACKS } from 'aws-cdk-lib/cx-api';
import type { IConstruct } from 'constructs';
import { beforeAll } from 'vitest';

/** The problems a configuration error reports when `load` runs: none when it loads. */
export function configProblems(load: () => unknown): readonly string[] {
  try {
    load();
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

export { cdkJsonContext };

/** A stand-in for web/dist, so the tests do not depend on whether the web app was built. */
export const fakeWebDist = standInWebDist;

export const TEST_CONTEXT = {
  superAdminEmail: 'founder@clubs.example',
  googleClientId: '1234567890-abc.apps.googleusercontent.com',
  alarmEmail: 'ops@clubs.example',
} as const;

export function newApp(context: Record<string, unknown> = {}): App {
  return new App({ context: { ...cdkJsonContext(), ...context } });
}

export interface Synthesized {
  app: App;
  stack: ClubsStack;
  template: Template;
}

/** `bundle: false` skips bundling the functions (seconds instead of minutes) for tests of the rest. */
export function synthStack(
  context: Record<string, unknown> = {},
  { bundle = true }: { bundle?: boolean } = {},
): Synthesized {
  const app = newApp({
    webDistDir: fakeWebDist(),
    ...TEST_CONTEXT,
    ...context,
    ...(bundle ? {} : { [BUNDLING_STACKS]: [] }),
  });
  const config = loadConfig(app.node);
  const stack = new ClubsStack(app, config.stackName, { config });
  return { app, stack, template: templateOf(stack) };
}

type Json = Record<string, unknown>;

/**
 * `value` with every `{ Ref: parameter }` of `parameters` replaced by what it stands for, and
 * every `{ "Fn::GetAtt": [nestedStack, "Outputs.X"] }` of `outputs` (by the nested stack's
 * logical id) by the value its output gives.
 */
function withParameters(value: unknown, parameters: Json, outputs: Record<string, Json> = {}): unknown {
  if (Array.isArray(value)) return value.map((v) => withParameters(v, parameters, outputs));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as Json).Ref;
  if (typeof ref === 'string' && Object.keys(value).length === 1 && ref in parameters) return parameters[ref];
  const getAtt = (value as Json)['Fn::GetAtt'];
  if (Array.isArray(getAtt) && Object.keys(value).length === 1) {
    const [resource, attribute] = getAtt as [string, string];
    const output = outputs[resource]?.[String(attribute).replace(/^Outputs\./, '')];
    if (String(attribute).startsWith('Outputs.') && output !== undefined) return output;
  }
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, withParameters(v, parameters, outputs)]),
  );
}

/**
 * A stack's template with the resources of its nested stacks merged in, each nested stack's
 * parameters replaced by the values the parent passes, and what a nested stack's outputs hand
 * its parent or a sibling read as their values: assertions read one template, and a reference
 * across the boundary reads as within one stack (`{ Ref: logicalId(construct) }`).
 */
export function templateOf(stack: Stack): Template {
  // A copy: the synthesized template is cached and shared with every other Template of the stack.
  const json = structuredClone(Template.fromStack(stack).toJSON()) as {
    Resources: Record<string, Json>;
    Outputs?: Json;
  };
  const nested = stack.node
    .findAll()
    .filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === stack)
    .flatMap((child) =>
      child.nestedStackResource ? [{ child, id: stack.getLogicalId(child.nestedStackResource) }] : [],
    );
  const merged = nested.map(({ child, id }) => {
    const passed = ((json.Resources[id]?.Properties as Json | undefined)?.Parameters ?? {}) as Json;
    const template = templateOf(child).toJSON() as { Resources: Json; Outputs?: Record<string, Json> };
    const outputs = Object.fromEntries(
      Object.entries(template.Outputs ?? {}).map(([name, output]) => [
        name,
        withParameters(output.Value, passed),
      ]),
    );
    return { id, passed, resources: template.Resources, outputs };
  });
  const outputsOf = Object.fromEntries(merged.map(({ id, outputs }) => [id, outputs as Json]));
  for (const { passed, resources } of merged) {
    const parameters = withParameters(passed, {}, outputsOf) as Json;
    Object.assign(json.Resources, withParameters(resources, parameters, outputsOf));
  }
  const resolved = withParameters(
    { Resources: json.Resources, Outputs: json.Outputs },
    {},
    outputsOf,
  ) as Json;
  return Template.fromJSON({ ...json, ...resolved });
}

export const logicalId = (construct: IConstruct): string => {
  const child = construct.node.defaultChild ?? construct;
  return Stack.of(construct).getLogicalId(child as CfnElement);
};

export interface Statement {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
}

/** Every policy statement that applies to a function's role. */
export function statementsOfRole(template: Template, roleLogicalId: string): Statement[] {
  const policies = template.findResources('AWS::IAM::Policy');
  const statements: Statement[] = [];
  for (const policy of Object.values(policies)) {
    const roles = (policy.Properties.Roles ?? []) as { Ref?: string }[];
    if (!roles.some((role) => role.Ref === roleLogicalId)) continue;
    statements.push(...(policy.Properties.PolicyDocument.Statement as Statement[]));
  }
  return statements;
}

export const actionsOf = (statements: Statement[]): string[] =>
  statements.flatMap((statement) =>
    Array.isArray(statement.Action) ? statement.Action : [statement.Action],
  );

export type Resource = { Type: string; Properties: Record<string, unknown>; DeletionPolicy?: string };

/**
 * The stack synthesized once for a test file, before its tests (see synthStack for the options),
 * with lookups over its template: the resources of a type, and the one resource of a type.
 */
export function synthForFile(...args: Parameters<typeof synthStack>) {
  let synth: Synthesized | undefined;
  beforeAll(() => {
    synth = synthStack(...args);
  });
  const current = (): Synthesized => {
    if (!synth) throw new Error('the stack is synthesized before the tests');
    return synth;
  };
  const resourcesOf = (type: string, props?: object): Record<string, Resource> =>
    current().template.findResources(type, props ? { Properties: props } : undefined) as Record<
      string,
      Resource
    >;
  const only = (type: string, props?: object): [string, Resource] => {
    const entries = Object.entries(resourcesOf(type, props));
    if (entries.length !== 1) throw new Error(`expected one ${type}, found ${entries.length}`);
    return entries[0] as [string, Resource];
  };
  return {
    get app() {
      return current().app;
    },
    get stack() {
      return current().stack;
    },
    get template() {
      return current().template;
    },
    resourcesOf,
    only,
  };
}
