#!/usr/bin/env node
// A persistent hookchain hook in 30 lines: denies recursive deletes, and
// tells the model this repository uses pnpm. README.md has the protocol.
"use strict";
const readline = require("node:readline");

function decide(request) {
  const command = request.tool === "Bash" ? String(request.input.command ?? "") : "";
  if (command.includes("rm -rf")) {
    return { verdict: "deny", reason: "recursive delete" };
  }
  if (command.startsWith("npm ")) {
    return { verdict: "allow", note: "this repository uses pnpm, not npm" };
  }
  return { verdict: "allow" };
}

console.log(JSON.stringify({ protocol: "hookchain-persistent", version: 1 }));
// One request a line, until hookchain closes stdin; then node exits.
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  const request = JSON.parse(line);
  let answer;
  try {
    answer = decide(request);
  } catch (e) {
    answer = { error: String(e) }; // the call's failure: the chain fails closed
  }
  console.log(JSON.stringify({ id: request.id, ...answer }));
});
