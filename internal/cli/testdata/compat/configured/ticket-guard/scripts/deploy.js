// A deploy goes ahead only with the configured token, given as an argument
// (exec form, ${user_config.deploy_token}) and in the environment.
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c));
process.stdin.on('end', () => {
  const input = JSON.parse(Buffer.concat(chunks).toString('utf8'));
  const command = (input.tool_input && input.tool_input.command) || '';
  if (!command.startsWith('make deploy')) process.exit(0);
  const token = process.argv[process.argv.indexOf('--token') + 1];
  if (token !== process.env.CLAUDE_PLUGIN_OPTION_DEPLOY_TOKEN) {
    process.stderr.write('the token argument is not the configured one\n');
    process.exit(2);
  }
  process.stdout.write(JSON.stringify({
    hookSpecificOutput: {
      hookEventName: 'PreToolUse',
      permissionDecision: 'deny',
      permissionDecisionReason: `deploys need a review; token ${token.slice(0, 3)}… checked`,
    },
  }));
});
