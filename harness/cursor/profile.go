package cursor

import (
	"crypto/sha256"
	"encoding/binary"
	"strings"
	"sync"
	"time"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/harness"
	"github.com/hookchain/hookchain/process"
)

// Cursor's tool-call events: the two that name any tool, and those of one
// kind of call each.
const (
	PreToolUse           = "preToolUse"
	PostToolUse          = "postToolUse"
	PostToolUseFailure   = "postToolUseFailure"
	BeforeShellExecution = "beforeShellExecution"
	AfterShellExecution  = "afterShellExecution"
	BeforeMCPExecution   = "beforeMCPExecution"
	AfterMCPExecution    = "afterMCPExecution"
	BeforeReadFile       = "beforeReadFile"
	AfterFileEdit        = "afterFileEdit"
)

// Cursor's names for the tools its per-kind events stand for, as its
// preToolUse input names them.
const (
	Shell = "Shell"
	Read  = "Read"
	Write = "Write"
	// MCPPrefix starts the name of an MCP tool: "MCP:" + the tool's name.
	MCPPrefix = "MCP:"
)

// DefaultTimeout is the time the profile gives a hook whose entry sets no
// timeout. Cursor documents a "platform default" without its value; this
// is an inference (docs/harnesses.md).
const DefaultTimeout = 60 * time.Second

// toolEvents are Cursor's tool-call events, each with the hook of a chain
// it is and the tool it stands for ("" for any, "MCP:" for any MCP tool).
var toolEvents = map[string]struct {
	hook hookchain.Hook
	tool string
}{
	PreToolUse:           {hookchain.BeforeTool, ""},
	PostToolUse:          {hookchain.AfterTool, ""},
	PostToolUseFailure:   {hookchain.AfterTool, ""},
	BeforeShellExecution: {hookchain.BeforeTool, Shell},
	AfterShellExecution:  {hookchain.AfterTool, Shell},
	BeforeMCPExecution:   {hookchain.BeforeTool, MCPPrefix},
	AfterMCPExecution:    {hookchain.AfterTool, MCPPrefix},
	BeforeReadFile:       {hookchain.BeforeTool, Read},
	AfterFileEdit:        {hookchain.AfterTool, Write},
}

// otherEvents are Cursor's events that are not tool calls: Tab's reads and
// edits are the editor's, not the agent's.
var otherEvents = []string{"sessionStart", "sessionEnd", "beforeSubmitPrompt", "stop", "subagentStart", "subagentStop",
	"preCompact", "afterAgentResponse", "afterAgentThought", "beforeTabFileRead", "afterTabFileEdit", "workspaceOpen"}

// Can is what Cursor's answer to event can say (docs/harnesses.md, the
// table of its events): only preToolUse rewrites, only the shell and MCP
// gates ask, only postToolUse replaces (an MCP tool's output, as any JSON)
// or gives context; the other events after the call say nothing.
func Can(event string) harness.Capabilities {
	switch event {
	case PreToolUse:
		return harness.Capabilities{Rewrite: true}
	case BeforeShellExecution, BeforeMCPExecution:
		return harness.Capabilities{Ask: true}
	case PostToolUse:
		return harness.Capabilities{Replace: harness.ReplaceAny, Context: true}
	}
	return harness.Capabilities{}
}

// Profile is Cursor's profile for package harness. Its Events are preToolUse
// and postToolUse, which name any tool; its Can is what one of Cursor's
// tool-call events or another can say (Can, per event), so that an outcome
// is degraded only as far as the event it answers needs, which Write does.
// Its hooks fail open unless their entry sets failClosed (Link).
//
// Decode records the event of each input it reads, and Write answers in
// that event's form, so the two are used in pairs on one input, as
// harness.Answer does; an outcome Write cannot pair with one input (two
// alike, decoded at once for two events) is answered in the form every
// gate reads as a denial. Each call returns a new one.
func Profile() harness.Profile {
	rec := &decoded{byEvent: map[[sha256.Size]byte][]string{}}
	return harness.Profile{
		Name:     "cursor",
		Events:   map[hookchain.Hook]string{hookchain.BeforeTool: PreToolUse, hookchain.AfterTool: PostToolUse},
		Tools:    tools(),
		Can:      harness.Capabilities{Ask: true, Rewrite: true, Replace: harness.ReplaceAny, Context: true},
		FailOpen: true,
		Spec:     CommandSpec,
		Input:    func(e hookchain.Event, s harness.SessionInfo) ([]byte, error) { return encodeInput(eventOf(e), e, s) },
		Read:     func(e hookchain.Event, r process.Result) (hookchain.Outcome, error) { return Decide(eventOf(e), e, r) },
		Decode: func(input []byte) (hookchain.Event, harness.SessionInfo, error) {
			event, e, s, err := Decode(input)
			if err == nil {
				rec.put(e, event)
			}
			return e, s, err
		},
		Write:  func(e hookchain.Event, o hookchain.Outcome) harness.Reply { return OutputFor(rec.take(e), e, o) },
		Refuse: Refusal,
		Halt:   Halt,
	}
}

// isMCP reports whether tool is an MCP tool: "MCP:…", or Claude Code's
// "mcp__…", which a call judged under Cursor's hooks keeps (Tools), so
// that the MCP events' hooks judge it all the same.
func isMCP(tool string) bool {
	return strings.HasPrefix(tool, MCPPrefix) || strings.HasPrefix(tool, "mcp__")
}

// eventOf is the event of Profile's own Events for e: preToolUse before the
// call, postToolUse or postToolUseFailure after it.
func eventOf(e hookchain.Event) string {
	switch {
	case e.Hook == hookchain.BeforeTool:
		return PreToolUse
	case e.IsError:
		return PostToolUseFailure
	}
	return PostToolUse
}

// decoded pairs the calls Decode read with their events until Write
// answers them. A call is known by all it carries but its tool's name,
// which a caller may give the settings' name for (cmd/hookchain does).
type decoded struct {
	mu      sync.Mutex
	byEvent map[[sha256.Size]byte][]string
}

func key(e hookchain.Event) [sha256.Size]byte {
	h := sha256.New()
	for _, part := range [][]byte{{byte(e.Hook)}, []byte(e.CallID), e.Input, e.Output, {boolByte(e.IsError)}} {
		// Each part's length first, so that no two calls hash alike.
		h.Write(binary.LittleEndian.AppendUint64(nil, uint64(len(part))))
		h.Write(part)
	}
	var k [sha256.Size]byte
	copy(k[:], h.Sum(nil))
	return k
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

func (d *decoded) put(e hookchain.Event, event string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	k := key(e)
	d.byEvent[k] = append(d.byEvent[k], event)
}

// take is the event e was decoded for, "" when there is none or when
// calls alike were decoded for different events.
func (d *decoded) take(e hookchain.Event) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	k := key(e)
	events := d.byEvent[k]
	if len(events) == 0 {
		return ""
	}
	event := events[0]
	for _, other := range events[1:] {
		if other != event {
			event = ""
		}
	}
	if d.byEvent[k] = events[1:]; len(d.byEvent[k]) == 0 {
		delete(d.byEvent, k)
	}
	return event
}

// eventProfile is Profile for the hooks of event: each is told event's
// input and read as event's answer, whatever call it is asked about.
func eventProfile(event string) harness.Profile {
	p := Profile()
	p.Input = func(e hookchain.Event, s harness.SessionInfo) ([]byte, error) { return encodeInput(event, e, s) }
	p.Read = func(e hookchain.Event, r process.Result) (hookchain.Outcome, error) { return Decide(event, e, r) }
	return p
}

// HookOf is the hook of a chain event is, and false for an event that is
// not one of Cursor's tool-call events.
func HookOf(event string) (hookchain.Hook, bool) {
	te, ok := toolEvents[event]
	return te.hook, ok
}
