package replay

import (
	"strings"

	"github.com/tidwall/gjson"
)

// Text is the result's Content as the text a text-reading hook is given:
// a string as it is; of a block array, the text blocks joined by newlines,
// and each other block as a placeholder naming its type ("[image]") — an
// image's base64 bytes are never passed as text.
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
			switch t := block.Get("type").Str; {
			case block.Type == gjson.String:
				b.WriteString(block.Str)
			case block.Get("text").Type == gjson.String: // text, input_text, output_text
				b.WriteString(block.Get("text").Str)
			case t == "":
				b.WriteString("[block]")
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
