#!/usr/bin/env node
// Codex: a rewrite is permissionDecision "allow" with updatedInput.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const event = JSON.parse(data);
  const command = event.tool_input.command || "";
  if (command.startsWith("terraform apply")) {
    process.stdout.write(JSON.stringify({
      hookSpecificOutput: {
        hookEventName: "PreToolUse",
        permissionDecision: "allow",
        updatedInput: { command: command.replace("terraform apply", "terraform plan") },
      },
    }));
  }
});
