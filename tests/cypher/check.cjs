// Checks Cypher files with Neo4j's Cypher parser and semantic analysis (@neo4j-cypher/language-support).
// Usage: node check.cjs FILE...   Prints every diagnostic; exits 1 if any is an error, 2 on bad usage.
'use strict';
const fs = require('node:fs');
const { lintCypherQuery } = require('@neo4j-cypher/language-support');

const ERROR = 1; // DiagnosticSeverity.Error in the language server protocol
const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node check.cjs FILE...');
  process.exit(2);
}
let errors = 0;
for (const file of files) {
  const text = fs.readFileSync(file, 'utf8');
  const diagnostics = lintCypherQuery(text, {}, false);
  for (const d of diagnostics) {
    const where = `${file}:${d.range.start.line + 1}:${d.range.start.character + 1}`;
    const level = d.severity === ERROR ? 'error' : 'warning';
    console.log(`${where}: ${level}: ${d.message}`);
    if (d.severity === ERROR) errors += 1;
  }
}
console.log(`${errors} error(s) in ${files.length} file(s)`);
process.exit(errors > 0 ? 1 : 0);
