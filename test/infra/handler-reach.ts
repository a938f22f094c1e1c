import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { mergeNeeds } from '../../infra/cloud/handlers.js';
import { REPO_ROOT } from '../../infra/cloud/paths.js';
import type { Needs, TableAccess } from '../../shared/routes.js';

/**
 * A static call graph of the handler modules, good enough to tell what AWS a handler can reach: each
 * top-level declaration (function, const, class) of a module is a node; its edges are the identifiers
 * it names, resolved through named imports. The leaves are the adapter functions of shared/adapters
 * and the ElectroDB calls of shared/domain and shared/db. It over-approximates (a branch never taken
 * still counts), which is what a "declared covers reached" test wants.
 *
 * `functions/lib/http.ts` and `functions/lib/http-client.ts` are a boundary: what the HTTP wrapper
 * itself needs (profile look-up and creation, per-IP limits) follows from the route's `access` and
 * `ipLimit` (infra/cloud/handlers.ts); test/unit/handler-builders.test.ts checks that each handler
 * uses the builder its route's `access` calls for.
 */

type NodeKey = string; // `${file}#${name}`

interface ModuleInfo {
  decls: Map<string, ts.Node>;
  imports: Map<string, { file: string; name: string }>;
  reexports: { file: string; names?: Map<string, string> }[];
}

const BOUNDARY = new Set(['functions/lib/http.ts', 'functions/lib/http-client.ts']);

/** Adapter functions and what calling them needs. */
const ADAPTER_NEEDS: Record<string, Needs> = {
  'shared/adapters/email.ts#sendEmail': { email: true },
  'shared/adapters/events.ts#publishEvent': { publish: true },
  'shared/adapters/realtime.ts#pushToConnections': { push: true },
  'shared/adapters/realtime.ts#closeConnections': { push: true },
  'shared/adapters/scheduler.ts#scheduleOnce': { scheduler: true },
  'shared/adapters/scheduler.ts#cancelSchedule': { scheduler: true },
  'shared/adapters/storage.ts#presignUpload': { media: 'write' },
  'shared/adapters/storage.ts#deleteObject': { media: 'write' },
  'shared/adapters/storage.ts#presignDownload': { media: 'read' },
  'shared/adapters/storage.ts#readObjectStart': { media: 'read' },
  'shared/adapters/storage.ts#readObject': { media: 'read' },
  'shared/adapters/storage.ts#putObject': { media: 'write' },
  'shared/adapters/user-directory.ts#findUserByEmail': { users: ['read'] },
  'shared/adapters/user-directory.ts#createInvitedUser': { users: ['create'] },
  'shared/adapters/user-directory.ts#setPermanentPassword': { users: ['setPassword'] },
  'shared/adapters/user-directory.ts#disableUser': { users: ['disable'] },
  'shared/adapters/user-directory.ts#enableUser': { users: ['enable'] },
  'shared/adapters/user-directory.ts#deleteUser': { users: ['delete'] },
  'shared/adapters/cdn.ts#invalidateCdn': { cdn: true },
  'shared/adapters/secrets.ts#readSecret': { secrets: true },
  'shared/adapters/web-push.ts#sendWebPush': { webPush: true },
  'shared/adapters/web-push.ts#vapidPublicKey': { webPush: true },
  'shared/adapters/site-bucket.ts#bucketSiteStore': { site: true },
  'shared/adapters/site-bucket.ts#keyValueRouteStore': { site: true },
};

const cache = new Map<string, ModuleInfo>();

function resolveImport(from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const abs = resolve(dirname(join(REPO_ROOT, from)), spec).replace(/\.js$/, '');
  for (const candidate of [`${abs}.ts`, `${abs}.tsx`, join(abs, 'index.ts')]) {
    if (existsSync(candidate)) return relative(REPO_ROOT, candidate);
  }
  return undefined;
}

function moduleInfo(file: string): ModuleInfo {
  const hit = cache.get(file);
  if (hit) return hit;
  const src = ts.createSourceFile(file, readFileSync(join(REPO_ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const info: ModuleInfo = { decls: new Map(), imports: new Map(), reexports: [] };
  for (const st of src.statements) {
    if (ts.isImportDeclaration(st) && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolveImport(file, st.moduleSpecifier.text);
      const bindings = st.importClause?.namedBindings;
      if (!target || !bindings || st.importClause?.isTypeOnly) continue;
      if (ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) {
          if (el.isTypeOnly) continue;
          info.imports.set(el.name.text, { file: target, name: (el.propertyName ?? el.name).text });
        }
      } else {
        info.imports.set(bindings.name.text, { file: target, name: '*' });
      }
    } else if (ts.isExportDeclaration(st) && st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier)) {
      const target = resolveImport(file, st.moduleSpecifier.text);
      if (!target) continue;
      if (!st.exportClause) info.reexports.push({ file: target });
      else if (ts.isNamedExports(st.exportClause)) {
        info.reexports.push({
          file: target,
          names: new Map(st.exportClause.elements.map((e) => [e.name.text, (e.propertyName ?? e.name).text])),
        });
      }
    } else if ((ts.isFunctionDeclaration(st) || ts.isClassDeclaration(st)) && st.name) {
      info.decls.set(st.name.text, st);
    } else if (ts.isVariableStatement(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name)) info.decls.set(d.name.text, d);
      }
    } else if (ts.isEnumDeclaration(st)) {
      info.decls.set(st.name.text, st);
    }
  }
  cache.set(file, info);
  return info;
}

/** Where `name` exported by `file` is declared (following re-exports). */
function declarationOf(file: string, name: string, seen = new Set<string>()): NodeKey[] {
  const key = `${file}#${name}`;
  if (seen.has(key)) return [];
  seen.add(key);
  const info = moduleInfo(file);
  if (name === '*') return [...info.decls.keys()].map((n) => `${file}#${n}`);
  if (info.decls.has(name)) return [key];
  for (const r of info.reexports) {
    if (!r.names) {
      const found = declarationOf(r.file, name, seen);
      if (found.length) return found;
    } else if (r.names.has(name)) {
      return declarationOf(r.file, r.names.get(name) ?? name, seen);
    }
  }
  return [];
}

function identifiersIn(node: ts.Node): Set<string> {
  const out = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n)) out.add(n.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return out;
}

/** DynamoDB access of a declaration's own text (ElectroDB calls and raw commands). */
function tableAccessOf(file: string, node: ts.Node): TableAccess | undefined {
  if (!/^shared\/(domain|db)\//.test(file)) return undefined;
  const text = node.getText();
  // Builders that are only rendered (`.params()`), never sent, touch nothing.
  const sends = /\.(go|commit)\(|Command\(/.test(text);
  // `.remove([...attributes])` inside an update removes attributes, not the item.
  if (sends && /\.(delete|remove)\((?!\[)|\bDeleteCommand\(/.test(text)) return 'delete';
  if (!sends) return /\.(get|query\.\w+|batchGet)\(/.test(text) ? 'read' : undefined;
  if (/\.(put|create|patch|update|upsert)\(|transaction\.write|(Put|Update|TransactWrite)Command/.test(text))
    return 'write';
  if (/\.(get|query\.\w+|batchGet)\(|\bQueryCommand|\bGetCommand/.test(text)) return 'read';
  return undefined;
}

/** What a handler module (`http/contact/submit-contact`) can reach, by static analysis. */
export function reachedNeeds(handler: string): Needs {
  let needs: Needs = {};
  const seen = new Set<NodeKey>();
  const queue: NodeKey[] = [`functions/${handler}.ts#handler`];
  while (queue.length) {
    const key = queue.pop() as NodeKey;
    if (seen.has(key)) continue;
    seen.add(key);
    const [file, name] = key.split('#');
    if (BOUNDARY.has(file)) continue;
    const adapter = ADAPTER_NEEDS[key];
    if (adapter) {
      needs = mergeNeeds(needs, adapter);
      continue;
    }
    const info = moduleInfo(file);
    const node = info.decls.get(name);
    if (!node) continue;
    const access = tableAccessOf(file, node);
    if (access) needs = mergeNeeds(needs, { table: access });
    for (const id of identifiersIn(node)) {
      if (id === name) continue;
      if (info.decls.has(id)) queue.push(`${file}#${id}`);
      const imp = info.imports.get(id);
      if (imp) queue.push(...declarationOf(imp.file, imp.name));
    }
  }
  return needs;
}

const ADAPTER_FILES = [
  'shared/adapters/cdn.ts',
  'shared/adapters/email.ts',
  'shared/adapters/events.ts',
  'shared/adapters/realtime.ts',
  'shared/adapters/scheduler.ts',
  'shared/adapters/secrets.ts',
  'shared/adapters/site-bucket.ts',
  'shared/adapters/storage.ts',
  'shared/adapters/user-directory.ts',
];

/** AWS calls in a piece of adapter source, as IAM actions (SDK command class -> action). */
function iamActionsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(/new (\w+)Command\(/g)) {
    const cmd = m[1];
    if (/^Admin\w+$/.test(cmd)) out.add(`cognito-idp:${cmd}`);
    else if (/^(Create|Update|Delete)Schedule$/.test(cmd)) out.add(`scheduler:${cmd}`);
    else if (cmd === 'GetObject' || cmd === 'HeadObject') out.add('s3:GetObject');
    else if (cmd === 'DeleteObject' || cmd === 'PutObject') out.add(`s3:${cmd}`);
    else if (cmd === 'PostToConnection' || cmd === 'DeleteConnection') out.add('execute-api:ManageConnections');
    else if (cmd === 'SendEmail') out.add('ses:SendEmail');
    else if (cmd === 'PutEvents') out.add('events:PutEvents');
    else if (cmd === 'CreateInvalidation') out.add('cloudfront:CreateInvalidation');
    else if (cmd === 'DescribeKeyValueStore' || cmd === 'UpdateKeys') out.add(`cloudfront-keyvaluestore:${cmd}`);
    else if (cmd === 'GetSecretValue') out.add('secretsmanager:GetSecretValue');
    else if (cmd === 'GetParameter') out.add('ssm:GetParameter');
    else out.add(`unknown:${cmd}`);
  }
  if (/createPresignedPost\(/.test(text)) out.add('s3:PutObject');
  return [...out].sort();
}

/**
 * Every exported adapter function that calls AWS, with the IAM actions its code needs and the needs
 * `ADAPTER_NEEDS` maps it to (undefined when it is not mapped: then no handler could be checked).
 */
export function adapterCalls(): { key: string; actions: string[]; needs: Needs | undefined }[] {
  const out: { key: string; actions: string[]; needs: Needs | undefined }[] = [];
  for (const file of ADAPTER_FILES) {
    const info = moduleInfo(file);
    for (const [name, node] of info.decls) {
      const exported = ts.canHaveModifiers(node)
        ? ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
        : false;
      if (!exported) continue;
      const actions = iamActionsIn(node.getText());
      if (actions.length === 0) continue;
      out.push({ key: `${file}#${name}`, actions, needs: ADAPTER_NEEDS[`${file}#${name}`] });
    }
  }
  return out;
}
