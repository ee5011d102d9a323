#!/usr/bin/env node
// A preToolUse hook: updated_input runs terraform plan in place of apply.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const call = JSON.parse(data);
  const command = call.tool_input.command || "";
  if (!command.includes("terraform apply")) {
    process.stdout.write(JSON.stringify({ permission: "allow" }));
    return;
  }
  const input = { ...call.tool_input, command: command.replace("terraform apply", "terraform plan") };
  process.stdout.write(JSON.stringify({ permission: "allow", updated_input: input }));
});
