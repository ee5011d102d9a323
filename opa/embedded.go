package opa

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/open-policy-agent/opa/v1/ast"
	"github.com/open-policy-agent/opa/v1/metrics"
	"github.com/open-policy-agent/opa/v1/rego"
	"github.com/open-policy-agent/opa/v1/storage/inmem"
	"github.com/open-policy-agent/opa/v1/topdown"

	"github.com/hookchain/hookchain"
)

// noMetrics is where an evaluation's timers go: nowhere. Embedded keeps
// none, and OPA would otherwise make a new set for every call.
var noMetrics = metrics.NoOp()

// ErrUndefined is wrapped by the error of a link whose query had no value
// for the call: no rule gave a decision. It is a failure, never an allow;
// give the rule a default (`default decision := {"verdict": "allow"}`) to
// allow what no rule speaks of.
var ErrUndefined = errors.New("undefined: the policy gave no decision for the call")

// Embedded returns an interceptor that evaluates query, in process, against
// the Rego modules given (file name to source), once per event, with the
// event as input (see the package documentation for the input document).
// The query's value is read by [Decode].
//
// The query and modules are parsed, compiled and prepared once, here: a
// syntax error, a type error or an unknown reference is returned now, and
// every call then only evaluates. The query must be a single expression,
// usually a reference such as "data.hookchain.decision", and must have one
// value per call. Built-in functions fail strictly: a builtin's error (a
// bad regular expression, say) is an evaluation error, not an undefined
// rule.
//
// The link fails — it returns an error, which the chain records as the
// link's failure and, unless the link is FailOpen, turns into a denial —
// when evaluation fails, when the query is undefined for the call
// ([ErrUndefined]) or has more than one value, and when the value is not a
// decision. It honours ctx: evaluation stops when the chain's Timeout for
// the link runs out, and a caller whose ctx has ended, before the
// evaluation or during it, gets ctx's error, never a decision.
//
// The interceptor is safe for concurrent use. It takes WithLogger,
// WithSessionValues and WithData.
func Embedded(query string, modules map[string]string, opts ...Option) (hookchain.Interceptor, error) {
	o, err := newOptions("Embedded", opts)
	if err != nil {
		return nil, err
	}
	body, err := ast.ParseBody(query)
	if err != nil {
		return nil, fmt.Errorf("opa: Embedded: query %q: %w", query, err)
	}
	if len(body) != 1 {
		return nil, fmt.Errorf("opa: Embedded: query %q has %d expressions; a decision is the value of one", query, len(body))
	}
	args := []func(*rego.Rego){
		rego.Query(query),
		rego.StrictBuiltinErrors(true),
		rego.EnablePrintStatements(true),
		rego.PrintHook(printer{log: o.logger, e: &hookchain.Event{}}),
	}
	for _, name := range slices.Sorted(maps.Keys(modules)) {
		args = append(args, rego.Module(name, modules[name]))
	}
	if o.hasData {
		args = append(args, rego.Store(inmem.NewFromObject(o.data)))
	}
	pq, err := rego.New(args...).PrepareForEval(context.Background())
	if err != nil {
		return nil, fmt.Errorf("opa: Embedded: %w", err)
	}
	return func(ctx context.Context, e hookchain.Event) (hookchain.Outcome, error) {
		req, err := newRequest(ctx, e, o)
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: %s: not evaluated: %w", query, err))
		}
		input, err := req.value()
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: %s: not evaluated: %w", query, err))
		}
		if err := ctx.Err(); err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: %s: not evaluated: %w", query, err))
		}
		// Evaluation stops when ctx ends: OPA is told by a callback on ctx
		// rather than a goroutine of its own per call.
		cancel := topdown.NewCancel()
		stop := context.AfterFunc(ctx, cancel.Cancel)
		rs, err := pq.Eval(ctx, rego.EvalParsedInput(input), rego.EvalExternalCancel(cancel),
			rego.EvalMetrics(noMetrics), rego.EvalPrintHook(printer{log: o.logger, e: &e}))
		stop()
		if err == nil {
			// OPA looks at the cancellation only now and then: an
			// evaluation done before it looked is no answer to a caller
			// who has gone.
			err = ctx.Err()
		}
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: evaluating %s: %w", query, err))
		}
		switch len(rs) {
		case 0:
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: %s: %w", query, ErrUndefined))
		case 1:
		default:
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: %s has %d values for the call; a decision is one", query, len(rs)))
		}
		out, err := Decode(e, rs[0].Expressions[0].Value)
		if err != nil {
			return failed(ctx, o.logger, &e, fmt.Errorf("opa: %s is not a decision: %w", query, err))
		}
		return out, nil
	}, nil
}
