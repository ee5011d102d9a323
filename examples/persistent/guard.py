#!/usr/bin/env python3
"""A persistent hookchain hook in 30 lines: denies recursive deletes, and
tells the model this repository uses pnpm. README.md has the protocol."""
import json
import sys


def decide(request):
    command = request["input"].get("command", "") if request["tool"] == "Bash" else ""
    if "rm -rf" in command:
        return {"verdict": "deny", "reason": "recursive delete"}
    if command.startswith("npm "):
        return {"verdict": "allow", "note": "this repository uses pnpm, not npm"}
    return {"verdict": "allow"}


def main():
    print(json.dumps({"protocol": "hookchain-persistent", "version": 1}), flush=True)
    for line in sys.stdin:  # one request a line, until hookchain closes stdin
        request = json.loads(line)
        try:
            answer = decide(request)
        except Exception as e:  # the call's failure: the chain fails closed
            answer = {"error": repr(e)}
        answer["id"] = request["id"]
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
