// Which mutants sit in a module's top-level code, read from the instrumented files themselves (Stryker
// mutates the checkout in place, so during its coverage run the group's files on disk carry a
// `stryCov_…("id", …)` call beside each mutant). A call outside every function, method, accessor,
// constructor and class field runs when the module is imported, not when anything is called.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { pickGroup } from './groups.mjs';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let cached;

/** The ids of the group's module-level mutants (read once per worker). */
export function moduleLevelMutants() {
  cached ??= new Set(
    instrumentedFiles(pickGroup().mutate).flatMap((file) => moduleLevelIds(file.text, file.name)),
  );
  return cached;
}

/** The mutant ids of `stryCov_…` calls in `source` that run at import. */
export function moduleLevelIds(source, fileName = 'module.ts') {
  const kind = fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const root = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, false, kind);
  const ids = [];
  const visit = (node) => {
    if (runsLater(node)) return;
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text.startsWith('stryCov_')
    ) {
      for (const arg of node.arguments) if (ts.isStringLiteral(arg)) ids.push(arg.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(root);
  return ids;
}

// Code inside these runs when called or constructed, not at import (a static field or static block
// runs with the class definition, so it stays module-level).
function runsLater(node) {
  if (ts.isFunctionLike(node)) return true;
  if (ts.isPropertyDeclaration(node))
    return !node.modifiers?.some((m) => m.kind === ts.SyntaxKind.StaticKeyword);
  return false;
}

// The files a group mutates that carry instrumentation now: each pattern's folder (the part before
// any wildcard), walked, keeping files with a `stryCov_` call.
function instrumentedFiles(patterns) {
  const files = new Map();
  for (const pattern of patterns) {
    if (pattern.startsWith('!')) continue;
    const fixed = pattern
      .split('/')
      .filter((_, i, parts) => !parts.slice(0, i + 1).some((p) => p.includes('*')));
    for (const name of walk(path.join(repo, ...fixed))) {
      if (files.has(name) || !/\.(m?[jt]sx?)$/.test(name)) continue;
      const text = fs.readFileSync(name, 'utf8');
      if (text.includes('stryCov_')) files.set(name, { name, text });
    }
  }
  return [...files.values()];
}

function walk(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return [];
  }
  if (!stat.isDirectory()) return [entry];
  return fs
    .readdirSync(entry)
    .flatMap((name) => (name === 'node_modules' ? [] : walk(path.join(entry, name))));
}
