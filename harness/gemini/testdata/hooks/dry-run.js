#!/usr/bin/env node
// Gemini: hookSpecificOutput.tool_input merges with and overrides the model's arguments.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const event = JSON.parse(data);
  const command = event.tool_input.command;
  if (command.startsWith("terraform apply")) {
    process.stdout.write(JSON.stringify({
      decision: "allow",
      hookSpecificOutput: {
        hookEventName: "BeforeTool",
        tool_input: { command: command.replace("terraform apply", "terraform plan") },
      },
    }));
  }
});
