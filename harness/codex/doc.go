// Package codex speaks OpenAI Codex CLI's hook protocol for hookchain, in
// both directions, over package harness: it runs hooks written for Codex
// as links of a chain (Command, Link), and it makes a chain Codex's hook
// (Main, Serve, Answer).
package codex
