package settings

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

	"github.com/hookchain/hookchain/internal/regularfile"
	"github.com/hookchain/hookchain/internal/textpos"
	"github.com/hookchain/hookchain/internal/validutf8"
	"github.com/tidwall/gjson"
	"go.yaml.in/yaml/v3"
)

// LoadSkill reads the hooks of a skill's SKILL.md, from the "hooks" key of
// its YAML frontmatter, which has the shape of a settings file's hooks
// section. They run only while the skill does: while a call's session
// lists the skill's name (its frontmatter "name", else its directory's) in
// claudecode.SessionInfo.Skills, since Claude Code does not tell hooks
// which skill runs. A handler's "once": true is honoured, as Claude Code
// honours it in skill frontmatter only: the hook runs until its first run
// that neither fails nor blocks in a session, and not again in that
// session.
//
// The file is read with the rules and limits of Load. YAML that
// JavaScript's parsers would read otherwise or that could be made to
// explode is an error at its line in the .md file: a key given twice, a
// merge key (<<), a tag other than YAML's own, a number JSON cannot hold,
// aliases that expand beyond MaxFileSize. A file without frontmatter has
// no hooks.
func LoadSkill(path string) (*Settings, error) { return loadComponent(skillKind, path) }

// LoadAgent reads the hooks of a subagent's definition (.claude/agents/NAME.md),
// as LoadSkill reads a skill's. They run only for the calls the agent
// makes: those whose session says agent_type is the agent's frontmatter
// "name" (in claudecode.SessionInfo.Extra, as Claude Code's hook input
// carries it). A Stop hook there is a SubagentStop hook, as in Claude
// Code, and "once" is ignored, as Claude Code ignores it in agent
// frontmatter.
func LoadAgent(path string) (*Settings, error) { return loadComponent(agentKind, path) }

func loadComponent(kind componentKind, path string) (*Settings, error) {
	data, err := regularfile.Read(path, MaxFileSize, "a "+string(kind)+" file")
	if err != nil {
		return nil, fmt.Errorf("settings: %w", err)
	}
	return parseFrontmatter(kind, path, data)
}

// maxYAMLDepth bounds how deeply the frontmatter nests: a hooks section is
// five levels deep.
const maxYAMLDepth = 64

// parseFrontmatter reads the hooks of a skill's or an agent's .md file.
func parseFrontmatter(kind componentKind, file string, data []byte) (*Settings, error) {
	data = bytes.TrimPrefix(data, utf8BOM)
	if off := validutf8.FirstInvalid(data); off >= 0 {
		line, col := textpos.New(data).At(off)
		return nil, &Error{File: file, Line: line, Col: col, Msg: fmt.Sprintf("not valid UTF-8: byte %#02x", data[off])}
	}
	front, ok, err := frontmatter(file, data)
	if err != nil || !ok {
		return &Settings{files: []string{file}}, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(front, &doc); err != nil {
		return nil, yamlError(file, err)
	}
	// Frontmatter starts on the line after the opening "---".
	w := &jsonWriter{file: file, lineOffset: 1}
	root := &doc
	if root.Kind == yaml.DocumentNode && len(root.Content) == 1 {
		root = root.Content[0]
	}
	if root.Kind != yaml.MappingNode {
		return &Settings{files: []string{file}}, nil // no keys, so no hooks
	}
	if err := w.noDuplicates(root, 0); err != nil {
		return nil, err
	}
	var hooks, name *yaml.Node
	for i := 0; i+1 < len(root.Content); i += 2 {
		switch root.Content[i].Value {
		case "hooks":
			hooks = root.Content[i+1]
		case "name":
			name = root.Content[i+1]
		}
	}
	if hooks == nil || hooks.ShortTag() == "!!null" {
		return &Settings{files: []string{file}}, nil
	}
	c := &component{kind: kind, file: file}
	switch {
	case name != nil && name.Kind == yaml.ScalarNode && strings.TrimSpace(name.Value) != "":
		c.name = name.Value
	case kind == skillKind:
		c.name = filepath.Base(filepath.Dir(file))
	default:
		return nil, w.errorAt(hooks, `an agent with hooks needs a "name": they run while the call's agent_type is that name`)
	}
	w.renameStop = kind == agentKind
	w.raw("{")
	w.token(`"hooks"`, hooks)
	w.raw(":")
	if err := w.value(hooks, 0, true); err != nil {
		return nil, err
	}
	w.raw("}")
	p := &parser{file: file, data: w.buf.Bytes(), comp: c, remap: w.place}
	s, err := p.parse()
	if err != nil {
		return nil, err
	}
	s.files = []string{file}
	return s, nil
}

// frontmatter returns the text between a first line "---" and the next
// line "---"; ok is false when the file does not start with one.
func frontmatter(file string, data []byte) (front []byte, ok bool, err error) {
	first, rest, found := bytes.Cut(data, []byte("\n"))
	if strings.TrimRight(string(first), " \t\r") != "---" {
		return nil, false, nil
	}
	if !found {
		rest = nil
	}
	for off := 0; off <= len(rest); {
		end := bytes.IndexByte(rest[off:], '\n')
		line := rest[off:]
		if end >= 0 {
			line = rest[off : off+end]
		}
		if strings.TrimRight(string(line), " \t\r") == "---" {
			return rest[:off], true, nil
		}
		if end < 0 {
			break
		}
		off += end + 1
	}
	return nil, false, &Error{File: file, Line: 1, Col: 1, Msg: `the frontmatter that starts here has no closing "---" line`}
}

// yamlLine finds the line in yaml.v3's errors, which count from the start
// of the frontmatter.
var yamlLine = regexp.MustCompile(`^yaml: line (\d+): (.*)$`)

func yamlError(file string, err error) error {
	msg := err.Error()
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		if n, convErr := strconv.Atoi(m[1]); convErr == nil {
			// yaml.v3 gives no column: the start of the line is the place.
			return &Error{File: file, Line: n + 1, Col: 1, Msg: "frontmatter: " + m[2]}
		}
	}
	return &Error{File: file, Msg: "frontmatter: " + strings.TrimPrefix(msg, "yaml: ")}
}

// jsonWriter writes YAML as JSON, one token a line, and remembers where in
// the .md file each line's token is written, so that the settings parser's
// errors name the .md file's lines.
type jsonWriter struct {
	file       string
	lineOffset int // the .md line before the frontmatter's first
	buf        bytes.Buffer
	places     [][2]int // places[i] is the .md line and column of JSON line i+1
	last       [2]int
	renameStop bool // an agent's Stop hooks are SubagentStop hooks
}

// raw writes punctuation, placed where the token before it is.
func (w *jsonWriter) raw(tok string) { w.line(tok, w.last) }

// token writes a value or key placed at n.
func (w *jsonWriter) token(tok string, n *yaml.Node) {
	w.line(tok, [2]int{n.Line + w.lineOffset, n.Column})
}

func (w *jsonWriter) line(tok string, at [2]int) {
	w.buf.WriteString(tok)
	w.buf.WriteByte('\n')
	w.places = append(w.places, at)
	w.last = at
}

// place is the .md position of a position in the JSON.
func (w *jsonWriter) place(line, _ int) (int, int) {
	if line < 1 || line > len(w.places) {
		return 0, 0
	}
	at := w.places[line-1]
	return at[0], at[1]
}

func (w *jsonWriter) errorAt(n *yaml.Node, format string, args ...any) error {
	return &Error{File: w.file, Line: n.Line + w.lineOffset, Col: n.Column, Msg: "frontmatter: " + fmt.Sprintf(format, args...)}
}

// noDuplicates refuses a mapping that gives a key twice, anywhere: Claude
// Code's parser refuses the file, and JSON's would keep the last.
func (w *jsonWriter) noDuplicates(n *yaml.Node, depth int) error {
	if depth > maxYAMLDepth {
		return w.errorAt(n, "nested more than %d levels deep", maxYAMLDepth)
	}
	if n.Kind == yaml.MappingNode {
		seen := map[string]*yaml.Node{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if first, dup := seen[k.Value]; dup && k.Kind == yaml.ScalarNode {
				return w.errorAt(k, "the key %q appears twice (first at line %d)", k.Value, first.Line+w.lineOffset)
			}
			seen[k.Value] = k
		}
	}
	for _, c := range n.Content {
		if err := w.noDuplicates(c, depth+1); err != nil {
			return err
		}
	}
	return nil
}

// value writes n as JSON. Aliases are followed, and bounded by what the
// output may hold: a billion laughs is an error, not a billion lines.
func (w *jsonWriter) value(n *yaml.Node, depth int, events bool) error {
	if depth > maxYAMLDepth {
		return w.errorAt(n, "nested more than %d levels deep (an alias that refers to itself?)", maxYAMLDepth)
	}
	if w.buf.Len() > MaxFileSize {
		return w.errorAt(n, "the hooks expand to more than %d bytes: aliases repeat too much", MaxFileSize)
	}
	switch n.Kind {
	case yaml.AliasNode:
		return w.value(n.Alias, depth+1, events)
	case yaml.ScalarNode:
		tok, err := w.scalar(n)
		if err != nil {
			return err
		}
		w.token(tok, n)
	case yaml.SequenceNode:
		w.token("[", n)
		for i, c := range n.Content {
			if i > 0 {
				w.raw(",")
			}
			if err := w.value(c, depth+1, false); err != nil {
				return err
			}
		}
		w.raw("]")
	case yaml.MappingNode:
		w.token("{", n)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k, v := n.Content[i], n.Content[i+1]
			for k.Kind == yaml.AliasNode && k.Alias != nil {
				k = k.Alias
			}
			if k.Kind != yaml.ScalarNode {
				return w.errorAt(k, "a key must be a plain value, not a list or a mapping")
			}
			if k.ShortTag() == "!!merge" {
				return w.errorAt(k, "merge keys (<<) are not read: write the keys out")
			}
			if i > 0 {
				w.raw(",")
			}
			name := k.Value
			if events && w.renameStop && name == "Stop" {
				name = "SubagentStop" // "For subagents, Stop hooks are automatically converted to SubagentStop"
			}
			key, _ := json.Marshal(name)
			w.token(string(key), k)
			w.raw(":")
			if err := w.value(v, depth+1, false); err != nil {
				return err
			}
		}
		w.raw("}")
	default:
		return w.errorAt(n, "unexpected YAML")
	}
	return nil
}

// scalar is a YAML scalar's JSON, by the type YAML resolves it to.
func (w *jsonWriter) scalar(n *yaml.Node) (string, error) {
	switch tag := n.ShortTag(); tag {
	case "!!str", "!!timestamp", "!!binary":
		b, _ := json.Marshal(n.Value)
		return string(b), nil
	case "!!null":
		return "null", nil
	case "!!bool":
		var b bool
		if err := n.Decode(&b); err != nil {
			return "", w.errorAt(n, "%v", err)
		}
		return strconv.FormatBool(b), nil
	case "!!int", "!!float":
		var f float64
		if err := n.Decode(&f); err != nil {
			return "", w.errorAt(n, "%s: %v", n.Value, errors.Unwrap(err))
		}
		if math.IsInf(f, 0) || math.IsNaN(f) {
			return "", w.errorAt(n, "%s is not a number JSON can hold", n.Value)
		}
		b, _ := json.Marshal(f)
		return string(b), nil
	default:
		return "", w.errorAt(n, "the tag %s is not read: write the value plainly", tag)
	}
}

// fromComponent marks a hook of a skill's or agent's frontmatter.
func (p *parser) fromComponent(e *entry) {
	if p.comp == nil {
		return
	}
	e.origin.comp = p.comp
	e.hook.Component = p.comp.String()
	e.hook.ActiveWhile = p.comp.activeWhile()
}

// once reads a handler's "once": true, which only a skill's frontmatter
// honours ("Only honored for hooks declared in skill frontmatter; ignored
// in settings files and agent frontmatter", hooks reference).
func (p *parser) once(e *entry, v gjson.Result, where string) {
	switch {
	case p.comp != nil && p.comp.kind == skillKind:
		e.origin.once, e.hook.Once = true, true
	case p.comp != nil:
		e.warn(p, v, where, `"once" is ignored in agent frontmatter, by Claude Code and by hookchain: the hook runs on every call the agent makes; remove it, or move the hook to a skill's frontmatter`)
	default:
		e.warn(p, v, where, `"once" is ignored in settings files, by Claude Code and by hookchain: the hook runs on every call; remove it, or move the hook to a skill's frontmatter`)
	}
}
