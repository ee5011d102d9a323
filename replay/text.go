package replay

import (
	"strings"

	"github.com/tidwall/gjson"
)

// Text is the result's Content as the text a text-reading hook is given:
// a string as it is; of a block array, the text blocks joined by newlines
// (Anthropic's and OpenAI's typed blocks, Gemini's parts: a text part's
// text, a functionResponse's output or error), and each other block as a
// placeholder naming its type ("[image]", "[inlineData]") — an image's
// base64 bytes are never passed as text.
func (r *Result) Text() string {
	if r == nil {
		return ""
	}
	return contentText(gjson.ParseBytes(r.Content))
}

func contentText(v gjson.Result) string {
	switch {
	case v.Type == gjson.String:
		return v.Str
	case v.IsArray():
		var b strings.Builder
		v.ForEach(func(_, block gjson.Result) bool {
			if b.Len() > 0 {
				b.WriteByte('\n')
			}
			if block.Type == gjson.String {
				b.WriteString(block.Str)
				return true
			}
			// Only a text block is looked into: an image block is
			// megabytes of base64 to walk past for nothing.
			switch t := block.Get("type").Str; t {
			case "text", "input_text", "output_text":
				b.WriteString(block.Get("text").Str)
			case "":
				b.WriteString(partText(block))
			default:
				b.WriteString("[" + t + "]")
			}
			return true
		})
		return b.String()
	case v.IsObject():
		return contentText(gjson.Parse("[" + v.Raw + "]"))
	}
	return ""
}

// partText is the text of an untyped block: a Gemini part, named by its
// one key.
func partText(part gjson.Result) string {
	var out string
	object(part, func(k string, v gjson.Result) {
		switch {
		case out != "":
		case k == "text" && v.Type == gjson.String:
			out = v.Str
		case k == "functionResponse":
			resp := v.Get("response")
			switch out2, e := resp.Get("output"), resp.Get("error"); {
			case out2.Exists():
				out = out2.String()
			case e.Exists():
				out = e.String()
			default:
				out = resp.Raw
			}
		case k != "thought" && k != "thoughtSignature":
			out = "[" + k + "]"
		}
	})
	if out == "" {
		return "[block]"
	}
	return out
}
