// Package harness is the layer that every agent CLI's hook protocol shares
// in hookchain: it runs a hook written for a CLI as a link of a chain, and
// it makes a chain the one hook of a CLI, in the CLI's own form.
//
// What a CLI does its own way is its Profile — the events and tool names,
// the hook input it writes, how it reads a hook's exit status and output,
// the answer it reads from its hook, how it runs a hook command — and a
// package per CLI provides one (package harness/codex for OpenAI's Codex
// CLI). The rest is here, and is the same for every CLI:
//
//   - Command runs a hook of the CLI (process.Run) and reads what it did;
//     Profile.Link makes it a link with the CLI's own failure policy.
//   - Answer, Serve and Main are a chain as the CLI's hook: the input
//     decoded, the chain run, the outcome degraded to what the CLI can say
//     (Degrade, over the CLI's Capabilities) and written.
//   - SessionInfo is what a CLI tells a hook about the conversation, and
//     WithSessionInfo gives a call its own.
//
// docs/harnesses.md describes the design, what exists and what does not
// yet.
package harness
