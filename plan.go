package hookchain

// plan is a chain's links for one hook, ready to be walked. Links whose
// matcher names its tools are filed under each of those names, so a call is
// put only to the links that could match it: a link for other tools costs one
// map lookup for the whole chain, not one per link.
type plan struct {
	size   int                // links registered for this hook
	any    []*Link            // links that may match any tool, in order
	byTool map[string][]*Link // per named tool: the links that may match it, in order
	// few is byTool when it names only a handful of tools, as most chains
	// do: comparing a handful of names costs less than hashing one.
	few []toolLinks
}

type toolLinks struct {
	tool  string
	links []*Link
}

// fewTools is how many named tools a plan looks through one by one before
// it hashes the name instead.
const fewTools = 8

func (p *plan) linksFor(tool string) []*Link {
	if p.few != nil {
		for i := range p.few {
			if p.few[i].tool == tool {
				return p.few[i].links
			}
		}
		return p.any
	}
	if p.byTool != nil {
		if ls, ok := p.byTool[tool]; ok {
			return ls
		}
	}
	return p.any
}

func newPlan(links []Link, at hookSet) plan {
	var p plan
	var named []string // every tool a link names, in first-seen order
	seen := map[string]bool{}
	for i := range links {
		l := &links[i]
		if l.hooks&at == 0 {
			continue
		}
		p.size++
		for _, n := range l.names {
			if !seen[n] {
				seen[n] = true
				named = append(named, n)
			}
		}
	}
	if len(named) == 0 {
		for i := range links {
			if l := &links[i]; l.hooks&at != 0 && l.names == nil {
				p.any = append(p.any, l)
			}
		}
		return p
	}
	// One pass in link order, so every list is in chain order: a link for
	// any tool joins every list, a named one only its tools' lists. Linear
	// in the names, so a configuration with thousands of tool names builds
	// as fast as it reads.
	p.byTool = make(map[string][]*Link, len(named))
	for _, tool := range named {
		p.byTool[tool] = []*Link{}
	}
	for i := range links {
		l := &links[i]
		if l.hooks&at == 0 {
			continue
		}
		names := l.names
		if names == nil {
			p.any = append(p.any, l)
			for _, tool := range named {
				p.byTool[tool] = append(p.byTool[tool], l)
			}
			continue
		}
		for _, tool := range names {
			if ls := p.byTool[tool]; len(ls) == 0 || ls[len(ls)-1] != l {
				p.byTool[tool] = append(ls, l)
			}
		}
	}
	if len(named) <= fewTools {
		for _, tool := range named {
			p.few = append(p.few, toolLinks{tool, p.byTool[tool]})
		}
	}
	return p
}
