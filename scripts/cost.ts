/**
 * `npm run cost`: the monthly AWS bill before the first deploy. Synthesizes the stacks offline (handler
 * bundling skipped, as in the infra tests) or reads the templates of `--templates <cdk.out folder>`, counts
 * what they hold (scripts/cost-model.ts) and prices it with scripts/aws-prices.json, fixed costs and three
 * business sizes, as Markdown tables.
 */
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { App } from 'aws-cdk-lib';
import { createCloudApp } from '../infra/cloud/app.js';
import { cloudConfigFromContext } from '../infra/cloud/config.js';
import { cdkJsonContext, REPO_ROOT } from '../infra/cloud/paths.js';
import {
  countTemplates,
  fixedLines,
  type Line,
  type PriceTable,
  type Template,
  total,
  usageFor,
  usageLines,
} from './cost-model.js';

const SIZES = [50, 500, 5000];
/** Items costing more than this a month on their own are named with their reason. */
const NOTABLE = 5;

function synthesize(): string {
  process.env.CDK_VALIDATION = 'false';
  const app = new App({
    outdir: mkdtempSync(join(tmpdir(), 'cost-')),
    context: { ...cdkJsonContext(), 'aws:cdk:bundling-stacks': [], allowMissingWebBuild: true },
  });
  createCloudApp(app, cloudConfigFromContext(app.node, { ...process.env, AWS_REGION: 'us-east-1' }));
  return app.synth().directory;
}

const { values } = parseArgs({ options: { templates: { type: 'string' } } });
const dir = values.templates ?? synthesize();
const templates = readdirSync(dir)
  .filter((f) => f.endsWith('.template.json'))
  .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as Template);
const prices = JSON.parse(readFileSync(join(REPO_ROOT, 'scripts', 'aws-prices.json'), 'utf8')) as PriceTable;
const counts = countTemplates(templates);

const $ = (n: number) => `$${n.toFixed(2)}`;
const name = (l: Line) => l.item.replace(/ \(.*/, '');
const out: string[] = [];
out.push(`Monthly AWS estimate, ${prices.region} list prices of ${prices.date} (scripts/aws-prices.json)`);
out.push(`${templates.length} templates: ${JSON.stringify(counts)}`, '');

const fixed = fixedLines(counts, prices);
out.push('| fixed cost | per month | free tier | why |', '|---|---:|---:|---|');
for (const l of fixed)
  out.push(`| ${l.item} | ${$(l.cost)} | ${l.alwaysFree ? `-${$(l.alwaysFree)}` : ''} | ${l.why} |`);
out.push(`| **fixed total** | **${$(total(fixed))}** | ${$(total(fixed, 'always'))} after free tier | |`, '');

const usage = SIZES.map((n) => usageFor(n));
out.push(
  '| assumption per month | 50 clients | 500 clients | 5,000 clients |',
  '|---|---:|---:|---:|',
  ...(
    [
      ['trainers (admins)', 'admins'],
      ['public page views', 'pageViews'],
      ['API requests', 'apiRequests'],
      ['e-mails', 'emails'],
      ['table GB', 'tableGb'],
      ['media GB', 'mediaGb'],
      ['WebSocket connection minutes', 'webSocketMinutes'],
      ['CloudFront GB out', 'cdnGb'],
    ] as const
  ).map(
    ([label, k]) =>
      `| ${label} | ${usage.map((u) => (Number.isInteger(u[k]) ? u[k].toLocaleString('en-US') : u[k].toFixed(2))).join(' | ')} |`,
  ),
  '',
);

const bySize = usage.map((u) => [...fixed, ...usageLines(counts, u, prices)]);
out.push('| item | 50 clients | 500 clients | 5,000 clients |', '|---|---:|---:|---:|');
for (let i = 0; i < bySize[0].length; i++)
  out.push(`| ${name(bySize[0][i])} | ${bySize.map((ls) => $(ls[i].cost)).join(' | ')} |`);
out.push(
  `| **list price** | ${bySize.map((ls) => `**${$(total(ls))}**`).join(' | ')} |`,
  `| after the always-free tier | ${bySize.map((ls) => $(total(ls, 'always'))).join(' | ')} |`,
  `| a new account's first 12 months | ${bySize.map((ls) => $(total(ls, 'newAccount'))).join(' | ')} |`,
  '',
);

out.push(
  `Over $${NOTABLE} a month on its own at list price (what the always-free tier leaves at 50 / 500 / 5,000 clients):`,
);
for (let i = 0; i < bySize[0].length; i++) {
  const at = bySize.map((ls) => ls[i]);
  if (at.some((l) => l.cost > NOTABLE))
    out.push(`- ${name(at[0])}: ${at[0].why} (${at.map((l) => $(l.cost - l.alwaysFree)).join(' / ')})`);
}
console.log(out.join('\n'));
