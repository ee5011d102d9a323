#!/usr/bin/env node
// A preToolUse hook: updated_input runs terraform plan in place of apply.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const call = JSON.parse(data);
  const input = { ...call.tool_input, command: call.tool_input.command.replace("terraform apply", "terraform plan") };
  process.stdout.write(JSON.stringify({ permission: "allow", updated_input: input }));
});
