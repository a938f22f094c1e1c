import { NestedStack, type Stack } from 'aws-cdk-lib';
import { describe, expect, it } from 'vitest';
import { METRICS_PER_ALARM } from '../../infra/cloud/alarms.js';
import { API_ROUTES_CONTEXT } from '../../infra/cloud/api-stack.js';
import { FUNCTIONS_PER_NESTED_STACK } from '../../infra/cloud/capabilities.js';
import { routes } from '../../shared/routes.js';
import { fakeWebDist, synthCloudApp } from './cloud-app.js';
import { stacks, synthesizeCloudApp, t } from './stack-templates.js';

/**
 * Every template (parent and nested) against half of CloudFormation's 500-resource limit, today and with
 * three times today's HTTP routes (ADR 0041). The projection is computed from today's templates: a route
 * group grows by its per-route cost, a functions stack never holds more than FUNCTIONS_PER_NESTED_STACK
 * functions (more make a new one), and the API's parent grows by one nested stack per new group or
 * functions stack. Stacks without HTTP routes do not grow with them.
 */
const TEMPLATE_LIMIT = 250;
const GROWTH = 3;

synthesizeCloudApp();

const count = (s: Stack) => Object.keys(t(s).toJSON().Resources ?? {}).length;
const ofType = (s: Stack, type: string) => Object.keys(t(s).findResources(type)).length;
const nestedIn = (s: Stack) =>
  s.node.findAll().filter((c): c is NestedStack => c instanceof NestedStack && c.nestedStackParent === s);

interface Row {
  template: string;
  today: number;
  grown: number;
  /** How many more routes this template takes before it passes the limit (undefined: it does not hold routes). */
  routeHeadroom?: number;
}

function rows(): Row[] {
  const out: Row[] = [];
  const api = stacks.api;
  const groups = [...api.routeGroups.values()];
  const functionStacks = nestedIn(api).filter((n) => !groups.includes(n));

  // Route groups: every resource is a route, its integration or its permission.
  for (const g of groups) {
    const routesIn = ofType(g, 'AWS::ApiGatewayV2::Route');
    if (routesIn === 0) continue;
    const perRoute = count(g) / routesIn;
    out.push({
      template: g.node.path,
      today: count(g),
      grown: Math.ceil(count(g) * GROWTH),
      routeHeadroom: Math.floor(TEMPLATE_LIMIT / perRoute) - routesIn,
    });
  }
  // Functions stacks: a full one holds FUNCTIONS_PER_NESTED_STACK functions and their alarms.
  const full = (s: NestedStack) => {
    const fns = ofType(s, 'AWS::Lambda::Function');
    const alarms = ofType(s, 'AWS::CloudWatch::Alarm');
    const perFunction = (count(s) - alarms) / fns;
    return perFunction * FUNCTIONS_PER_NESTED_STACK + 2 * Math.ceil(FUNCTIONS_PER_NESTED_STACK / METRICS_PER_ALARM);
  };
  for (const s of functionStacks) out.push({ template: s.node.path, today: count(s), grown: full(s) });

  // The parent: fixed resources plus one nested stack per group and per functions stack.
  const apiFunctions = functionStacks.reduce((n, s) => n + ofType(s, 'AWS::Lambda::Function'), 0);
  const fixed = count(api) - groups.length - functionStacks.length;
  const grownNests = GROWTH * groups.length + Math.ceil((GROWTH * apiFunctions) / FUNCTIONS_PER_NESTED_STACK);
  out.push({
    template: api.node.path,
    today: count(api),
    grown: fixed + grownNests,
    // At worst every new route comes with a new group and a new function.
    routeHeadroom: Math.floor((TEMPLATE_LIMIT - count(api)) / (1 + 1 / FUNCTIONS_PER_NESTED_STACK)),
  });

  for (const k of ['ops', 'data', 'auth', 'email', 'realtime', 'jobs', 'web'] as const) {
    for (const s of [stacks[k], ...nestedIn(stacks[k])])
      out.push({ template: s.node.path, today: count(s), grown: count(s) });
  }
  return out;
}

describe('template sizes', () => {
  it(`keeps every template at most ${TEMPLATE_LIMIT} resources, today and with ${GROWTH}× today's routes`, () => {
    const table = rows();
    console.log(
      `HTTP routes today: ${routes.length}; template limit ${TEMPLATE_LIMIT}\n` +
        'template | resources today | with 3× routes | headroom (routes)\n' +
        table.map((r) => `${r.template} | ${r.today} | ${r.grown} | ${r.routeHeadroom ?? '-'}`).join('\n'),
    );
    for (const r of table) {
      expect(r.today, `${r.template} holds ${r.today} resources today`).toBeLessThanOrEqual(TEMPLATE_LIMIT);
      expect(r.grown, `${r.template} would hold ${r.grown} resources with ${GROWTH}× the routes`).toBeLessThanOrEqual(
        TEMPLATE_LIMIT,
      );
    }
  });

  it('costs a route group three resources per route (route, integration, permission) and nothing else', () => {
    for (const g of stacks.api.routeGroups.values()) {
      for (const r of Object.values(t(g).toJSON().Resources) as { Type: string }[])
        expect(['AWS::ApiGatewayV2::Integration', 'AWS::ApiGatewayV2::Route', 'AWS::Lambda::Permission']).toContain(
          r.Type,
        );
      expect(count(g), g.node.path).toBe(3 * ofType(g, 'AWS::ApiGatewayV2::Route'));
    }
  });
});

describe('upgrade to route groups, phase one (ADR 0041)', () => {
  it(`-c ${API_ROUTES_CONTEXT}=none synthesizes the API without routes or route settings, the rest unchanged`, () => {
    const bare = synthCloudApp({ webDist: fakeWebDist(), context: { [API_ROUTES_CONTEXT]: 'none' } });
    const api = bare.assembly.getStackByName(stacks.api.stackName).template as {
      Resources: Record<string, { Type: string; Properties: Record<string, unknown> }>;
    };
    const types = Object.values(api.Resources).map((r) => r.Type);
    expect(types).not.toContain('AWS::ApiGatewayV2::Route');
    expect(bare.stacks.api.routeGroups.size).toBe(0);
    const stage = Object.values(api.Resources).find((r) => r.Type === 'AWS::ApiGatewayV2::Stage')!;
    expect(stage.Properties.RouteSettings).toBeUndefined();
    // The functions and the stateful resources stay where they are.
    for (const type of ['AWS::ApiGatewayV2::Api', 'AWS::SecretsManager::Secret', 'AWS::ApiGatewayV2::Stage']) {
      const ids = (tpl: typeof api) =>
        Object.entries(tpl.Resources)
          .filter(([, r]) => r.Type === type)
          .map(([id]) => id);
      expect(ids(api), type).toEqual(ids(t(stacks.api).toJSON() as typeof api));
    }
  });
});
