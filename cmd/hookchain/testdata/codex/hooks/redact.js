#!/usr/bin/env node
// Codex: after the call, decision "block" shows the model the reason in
// place of the tool's output.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const event = JSON.parse(data);
  if (JSON.stringify(event.tool_response).includes("AKIA")) {
    process.stdout.write(JSON.stringify({ decision: "block", reason: "[output withheld: it holds an AWS key]" }));
  }
});
