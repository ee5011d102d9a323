// Rewrites terraform apply to a plan: updatedInput is a patch of the fields to change.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const e = JSON.parse(data);
  if (e.tool_input.command === "terraform apply") {
    console.log(JSON.stringify({hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "allow",
      updatedInput: {command: "terraform plan"}}}));
  }
});
