// Rewrites terraform apply into a plan.
let data = "";
process.stdin.on("data", (c) => (data += c));
process.stdin.on("end", () => {
  const args = JSON.parse(JSON.parse(data).toolArgs);
  args.command = args.command.replace("terraform apply", "terraform plan");
  process.stdout.write(JSON.stringify({ permissionDecision: "allow", modifiedArgs: args }));
});
