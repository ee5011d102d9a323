#!/usr/bin/env node
// Qwen's documentation: updatedInput replaces the tool's input parameters.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const event = JSON.parse(data);
  const command = event.tool_input.command;
  process.stdout.write(JSON.stringify({
    hookSpecificOutput: {
      hookEventName: "PreToolUse",
      permissionDecision: "allow",
      updatedInput: { command: command.replace("terraform apply", "terraform plan") },
    },
  }));
});
