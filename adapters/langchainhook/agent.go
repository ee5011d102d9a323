package langchainhook

import (
	"context"
	"reflect"
	"strings"
	"sync"

	"github.com/hookchain/hookchain"
	"github.com/tmc/langchaingo/agents"
	"github.com/tmc/langchaingo/chains"
	"github.com/tmc/langchaingo/schema"
	"github.com/tmc/langchaingo/tools"
)

// Agent returns a, with every tool it has put to c and told the id of each
// call: give it to agents.NewExecutor in place of a. A tool of a's that is
// wrapped already (by Wrap, WrapJSON or WrapAll) keeps its chain, input form
// and options; any other is wrapped as Wrap does, with opts. Agent panics on
// a nil chain or agent, as a wiring mistake.
//
// The executor runs the actions a plans in order, each with the same
// context it planned with; the agent remembers a plan's actions by that
// context until its tools have been called for them, and a tool called with
// the tool name and input of one takes its ToolID. A call that matches none
// (a context that cannot be told apart, a tool called outside the
// executor) has no id.
func Agent(c *hookchain.Chain, a agents.Agent, opts ...Option) agents.Agent {
	if c == nil || a == nil {
		panic("langchainhook: Agent with a nil chain or agent")
	}
	w := &agent{Agent: a, ids: &callIDs{plans: map[context.Context][]schema.AgentAction{}}}
	for _, t := range a.GetTools() {
		own, ok := t.(*tool)
		if !ok {
			own = wrap(c, t, false, opts)
		}
		bound := *own
		bound.ids = w.ids
		w.tools = append(w.tools, &bound)
	}
	return w
}

type agent struct {
	agents.Agent
	tools []tools.Tool
	ids   *callIDs
}

// Unwrap returns the wrapped agent.
func (a *agent) Unwrap() agents.Agent { return a.Agent }

// GetTools returns the agent's tools, wrapped: the executor calls these.
func (a *agent) GetTools() []tools.Tool { return append([]tools.Tool(nil), a.tools...) }

func (a *agent) Plan(ctx context.Context, steps []schema.AgentStep, inputs map[string]string, options ...chains.ChainCallOption) ([]schema.AgentAction, *schema.AgentFinish, error) {
	actions, finish, err := a.Agent.Plan(ctx, steps, inputs, options...)
	a.ids.plan(ctx, actions)
	return actions, finish, err
}

// callIDs holds the actions of each executor run's latest plan that are
// still to be called, by the run's context.
type callIDs struct {
	mu    sync.Mutex
	plans map[context.Context][]schema.AgentAction
}

// maxPlans bounds the plans kept: a run that ends with actions never
// called (a tool the agent does not have, a limit of iterations) leaves
// its plan behind until another run of the same context plans again. Past
// the bound, plans are dropped, and their calls have no id.
const maxPlans = 1024

// keyed reports whether ctx can key a map: a context of a type that is not
// comparable would make the lookup panic.
func keyed(ctx context.Context) bool { return ctx != nil && reflect.TypeOf(ctx).Comparable() }

func (ids *callIDs) plan(ctx context.Context, actions []schema.AgentAction) {
	if ids == nil || !keyed(ctx) {
		return
	}
	ids.mu.Lock()
	defer ids.mu.Unlock()
	if len(actions) == 0 {
		delete(ids.plans, ctx)
		return
	}
	if _, ok := ids.plans[ctx]; !ok && len(ids.plans) >= maxPlans {
		for k := range ids.plans {
			delete(ids.plans, k)
			break
		}
	}
	ids.plans[ctx] = append([]schema.AgentAction(nil), actions...)
}

// take returns the ToolID of the first action still to be called in ctx's
// plan that is a call of tool with input, as the executor makes it, and
// drops it and the actions before it, which the executor passed over.
func (ids *callIDs) take(ctx context.Context, tool, input string) string {
	if ids == nil || !keyed(ctx) {
		return ""
	}
	ids.mu.Lock()
	defer ids.mu.Unlock()
	plan := ids.plans[ctx]
	for i, a := range plan {
		// The executor finds a tool by its name in upper case, and trims
		// this from the input it hands the tool. EqualFold folds more
		// names together (the Kelvin sign and "k") than ToUpper does.
		//lint:ignore SA6005 the executor's own comparison
		if strings.ToUpper(a.Tool) == strings.ToUpper(tool) && strings.TrimSuffix(a.ToolInput, "\nObservation:") == input {
			if rest := plan[i+1:]; len(rest) > 0 {
				ids.plans[ctx] = rest
			} else {
				delete(ids.plans, ctx)
			}
			return a.ToolID
		}
	}
	return ""
}

// forget drops ctx's plan.
func (ids *callIDs) forget(ctx context.Context) {
	if ids == nil || !keyed(ctx) {
		return
	}
	ids.mu.Lock()
	defer ids.mu.Unlock()
	delete(ids.plans, ctx)
}
