#!/usr/bin/env python3
"""guard.py's policy, written with the hookchain_hook module: a hook that
serves persistently when hookchain starts it so, and once per run when not."""
import hookchain_hook


def guard(event):
    command = event["input"].get("command", "") if event["tool"] == "Bash" else ""
    if "rm -rf" in command:
        return hookchain_hook.deny("recursive delete")
    if command.startswith("npm "):
        return hookchain_hook.allow(note="this repository uses pnpm, not npm")
    return hookchain_hook.allow()


if __name__ == "__main__":
    hookchain_hook.run(guard)
