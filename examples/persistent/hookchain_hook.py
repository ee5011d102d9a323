"""Write a hookchain hook in Python, with the standard library only.

    import hookchain_hook

    def guard(event):
        if "rm -rf" in event["input"].get("command", ""):
            return hookchain_hook.deny("recursive delete")
        return hookchain_hook.allow()

    if __name__ == "__main__":
        hookchain_hook.run(guard)

The handler is given the event as the native dialect's request, a dict:
"hook" ("before_tool" or "after_tool"), "tool", "call_id", "input", and
after the call "output" and "is_error". It returns an answer, best made
with allow, deny, modify, replace or ask. An exception is the call's
failure, which the chain fails closed on unless the link fails open.

run serves both ways. Started by hookchain as a persistent hook (it sets
HOOKCHAIN_PERSISTENT=1), it says hello and answers requests, one a line,
until stdin ends; run as a one-shot native hook, it answers the one
request on stdin and returns. The same file works either way, which is how
README.md's benchmark compares the two.

While a handler runs, print() goes to stderr: stdout carries the protocol,
and a stray line there would break it.
"""

import json
import os
import sys
import threading
import traceback

PROTOCOL = "hookchain-persistent"
VERSION = 1


def _answer(verdict, reason=None, note=None, **fields):
    a = {"verdict": verdict}
    if reason:
        a["reason"] = reason
    if note:
        a["note"] = note
    a.update(fields)
    return a


def allow(note=None):
    """Let the call go on; note, if given, is text for the model."""
    return _answer("allow", note=note)


def deny(reason, note=None):
    """Refuse the call (before it) or hide its result (after it)."""
    return _answer("deny", reason, note)


def modify(new_input, reason=None, note=None):
    """Run the call with new_input instead (before the call only)."""
    return _answer("modify", reason, note, input=new_input)


def replace(output, reason=None, is_error=None, note=None):
    """Show the model output instead of the result (after the call only)."""
    fields = {"output": output}
    if is_error is not None:
        fields["is_error"] = is_error
    return _answer("replace", reason, note, **fields)


def ask(reason, new_input=None, note=None):
    """Put the call to the chain's approver, rewritten to new_input if given."""
    fields = {} if new_input is None else {"input": new_input}
    return _answer("ask", reason, note, **fields)


def _failure(e):
    return "".join(traceback.format_exception_only(type(e), e)).strip()


def run(handler, workers=1):
    """Serve handler: persistently when hookchain asks for it, else once.

    With workers > 1, up to that many calls are handled at once, on
    threads; answers go out as they are ready, each with its call's id.
    """
    if os.environ.get("HOOKCHAIN_PERSISTENT") == "1":
        _serve(handler, workers)
    else:
        _once(handler)


def _once(handler):
    request = json.loads(sys.stdin.read())
    out = sys.stdout
    sys.stdout = sys.stderr
    try:
        answer = handler(request)
    except Exception as e:
        print("hook failed: " + _failure(e), file=sys.stderr)
        sys.exit(1)
    finally:
        sys.stdout = out
    out.write(json.dumps(answer) + "\n")
    out.flush()


def _serve(handler, workers):
    out = sys.stdout
    sys.stdout = sys.stderr
    lock = threading.Lock()

    def write(obj):
        line = json.dumps(obj) + "\n"
        with lock:
            out.write(line)
            out.flush()

    def handle(request):
        try:
            answer = dict(handler(request))
        except Exception as e:
            answer = {"error": _failure(e)}
        answer["id"] = request["id"]
        write(answer)

    write({"protocol": PROTOCOL, "version": VERSION})
    slots = threading.BoundedSemaphore(max(1, workers))
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if "id" not in request:
            sys.exit("hookchain_hook: a request without an id: " + line[:80])
        if workers <= 1:
            handle(request)
            continue
        slots.acquire()

        def work(request=request):
            try:
                handle(request)
            finally:
                slots.release()

        threading.Thread(target=work, daemon=True).start()
    for _ in range(max(1, workers)):  # every call answered before returning
        slots.acquire()
