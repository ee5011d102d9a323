package harness

import (
	"bytes"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/process"
	"github.com/tidwall/gjson"
	"github.com/tidwall/sjson"
)

// Showing is p for a CLI whose JSON answer has field, a string it shows
// its user and never the model (the "systemMessage" of Codex, Gemini CLI,
// Factory Droid and Qwen Code): a hook that answers with it
// at exit status 0 gives a message (hookchain.Outcome.WithMessage), and an
// answer of p's that the CLI reads as JSON at exit status 0 carries the
// outcome's messages in it, written as NoteText writes notes. Its
// capabilities say it can show a message; Degrade drops the messages of
// an outcome for a CLI that cannot.
func (p Profile) Showing(field string) Profile {
	read, write := p.Read, p.Write
	p.Can.Message = true
	p.Read = func(e hookchain.Event, r process.Result) (hookchain.Outcome, error) {
		o, err := read(e, r)
		if err != nil || r.ExitCode != 0 {
			return o, err
		}
		// A text the CLI shows as its ask's question (Gemini CLI's) is
		// the outcome's reason, not said twice.
		if text := shown(bytes.TrimSpace(r.Stdout), field); text != "" && !(o.Verdict == hookchain.Asked && o.Reason == text) {
			o = o.WithMessage(text)
		}
		return o, nil
	}
	p.Write = func(e hookchain.Event, o hookchain.Outcome) Reply {
		r := write(e, o)
		text := NoteText(o.Messages)
		if text == "" || r.Exit != 0 {
			return r
		}
		answer := bytes.TrimSpace(r.Stdout)
		if len(answer) == 0 {
			answer = []byte("{}")
		}
		if answer[0] != '{' || !gjson.ValidBytes(answer) {
			return r // not read as JSON: nowhere to say it
		}
		if said := shown(answer, field); said != "" {
			text = said + "\n\n" + text
		}
		out, err := sjson.SetBytes(answer, field, text)
		if err != nil {
			return r
		}
		r.Stdout = append(out, '\n')
		return r
	}
	return p
}

// shown is the non-blank string field of the JSON object answer, or "".
func shown(answer []byte, field string) string {
	if len(answer) == 0 || answer[0] != '{' {
		return ""
	}
	v := gjson.GetBytes(answer, gjson.Escape(field))
	if v.Type != gjson.String || len(bytes.TrimSpace([]byte(v.Str))) == 0 {
		return ""
	}
	return v.Str
}
