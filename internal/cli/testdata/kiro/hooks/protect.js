// Blocks writes outside the project: exit 2, the reason on stderr.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const call = JSON.parse(data);
  const path = String(call.tool_input.path || "");
  if (call.tool_name === "fs_write" && !path.startsWith(call.cwd)) {
    process.stderr.write("writes outside the project are not allowed\n");
    process.exit(2);
  }
});
