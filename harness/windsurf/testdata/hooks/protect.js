// Blocks writes to .env files: exit 2, the reason on stderr.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const action = JSON.parse(data);
  if (String(action.tool_info.file_path || "").endsWith(".env")) {
    process.stderr.write("writes to .env files are not allowed\n");
    process.exit(2);
  }
});
