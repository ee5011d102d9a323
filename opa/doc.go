// Package opa decides tool calls with Open Policy Agent: one Rego policy,
// the same for every agent of a fleet, asked before each call and after it.
// It is a module of its own, so that importing the core never pulls in OPA.
//
// A link's interceptor comes from one of three places:
//
//   - [Embedded] evaluates a query in process, prepared once, against Rego
//     modules the host gives it: tens of microseconds a call.
//   - [NewFleet] runs OPA inside the agent from OPA's own configuration:
//     bundles polled from a bundle server and verified by their signatures,
//     every decision sent to a decision log service, the agent's status
//     reported. It denies until its first bundle is active, and keeps
//     deciding with the last good one when the server is down. It decides
//     one call at a time, each within WithTimeout (DefaultTimeout when not
//     given): a call that runs out of time waiting its turn is denied even
//     fail-open.
//   - [Remote] asks an OPA server that is already running, over its REST
//     Data API, with a timeout.
//
// Each is an ordinary [hookchain.Interceptor]: the host names the link and
// says when it is asked, as for any other.
//
//	policy, err := opa.Embedded("data.hookchain.decision", map[string]string{"hookchain.rego": src})
//	if err != nil {
//		return err // the policy does not compile: found at start-up, not at the first call
//	}
//	chain := hookchain.New(hookchain.On("policy", hookchain.Any(), policy))
//
// # The input document
//
// The policy is given the event as input, in the shape of the native
// dialect's request (see package process):
//
//	{"hook": "before_tool", "tool": "Bash", "call_id": "toolu_01",
//	 "input": {"command": "go test ./..."},
//	 "session": {"id": "s-1", "cwd": "/work/app"}}
//
// "input" is the call's input as the chain has left it ({} when the call
// had none). After the call, "output" is the result as the chain has left
// it (null when the tool returned nothing) and "is_error" says whether it
// is an error result. "session" is what the runtime said about the
// conversation with claudecode.WithSessionInfo — "id", "cwd",
// "transcript_path", "permission_mode", "project_dir" and its extra fields,
// each when known — and what [WithSessionValues] adds; it is absent when
// there is none. Numbers keep the digits they were written with. An event the
// chain would refuse before asking — an input with a key given twice or two
// keys alike but for case, an output with a key given twice, either not
// valid UTF-8 — and a session value that is not such JSON fail the link,
// even when it is called on its own: the policy and the tool must read one
// call.
//
// # The decision document
//
// The query's value is read by [Decode]. Its one shape is an object:
//
//	{"verdict": "deny", "reason": "rm -rf deletes a whole tree"}
//	{"verdict": "modify", "reason": "added a 60s timeout", "input": {"command": "make", "timeout": 60}}
//	{"verdict": "replace", "reason": "redacted an AWS access key", "output": "KEY=[redacted]"}
//	{"verdict": "ask", "reason": "git push publishes commits to a shared remote"}
//	{"verdict": "allow", "note": ["this repository uses pnpm, not npm"]}
//
// "verdict" is the verdict, in the words and under the key the native
// dialect uses: "allow", "deny", "modify" (with the new "input"),
// "replace" (with the new "output", and optionally "is_error") or "ask"
// (optionally with an "input", to rewrite the call and ask about the
// rewrite). "reason" is the link's own words, which the chain puts in its
// reason ("denied by policy: rm -rf deletes a whole tree"). "note" is a note
// for the model, or an array of them. A policy written before v0.1.0 says
// "decision" and "context": they are still read, but a document that gives
// both names of one key is refused.
//
// A query can also point at a set of messages, the idiom Rego authors
// already write:
//
//	deny contains msg if { ... }
//
// An empty set allows the call; any message denies it, the messages joined
// by "; " as the reason. The example policy in the module's README
// (and in this package's testdata, with its cases as hookchaintest files)
// has both: refusals in the idiom, and a decision document that denies
// with them and otherwise asks, rewrites, redacts or allows.
//
// # Failures
//
// A link that cannot decide returns an error: the chain records it as the
// link's failure, with the error as the fault, and denies ("policy failed
// and denies on failure: …") unless the link was built with FailOpen,
// which a guard never should be. That is the answer when evaluation fails
// (a builtin's error included: evaluation is strict), when the query is
// undefined for the call ([ErrUndefined]), when its value is not a decision
// or has the wrong shape, when a Fleet has no bundle yet ([ErrNotReady]) or
// has been closed ([ErrClosed]), and when a Remote server cannot be reached,
// is too slow, answers with an error or redirects (a Remote link follows
// no redirect). No failure is ever read as an allow.
//
// # Logs
//
// Each link logs to the *slog.Logger given with [WithLogger]
// (slog.Default() without it, or with nil): Rego's print output, at Info,
// as "opa print" with the text and where in the policy it was printed; and
// every decision it could not make, at Warn, as "opa decision failed" with
// the error. Both carry the call's hook, tool and call_id, as
// hookchain.LogObserver's records do. A Fleet logs OPA's own records there too: bundle downloads
// and activations, and services it cannot reach. The chain's observers see
// each failure as a step with its fault, like any link's.
package opa
