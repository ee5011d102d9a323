package replay

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/tidwall/gjson"
)

type member struct {
	Key, Raw, Str string
	Type          gjson.Type
}

// sameMembers says members and value give, of a valid object, what gjson's
// ForEach gives: the keys, their values' text and decoded strings.
func sameMembers(t *testing.T, obj string) {
	var got, want []member
	members(obj, func(k, raw string) {
		v := value(raw)
		got = append(got, member{k, v.Raw, v.Str, v.Type})
	})
	object(gjson.Parse(obj), func(k string, v gjson.Result) {
		want = append(want, member{k, v.Raw, v.Str, v.Type})
	})
	assert.Equal(t, want, got, "%q", obj)
}

func TestMembersAreWhatGjsonWalksToWithTheirStringsDecodedAlike(t *testing.T) {
	for _, obj := range []string{
		`{}`, ` { } `, `{"a":1}`, `{"a" : "b" , "c":[1,{"d":"\"}"}] ,"e":{"f":null}}`,
		`{"typ\u0065":"x\ny","a\"b":"\\\/\b\f\n\r\t"}`,
		`{"s":"\ud83d\ude00 \ud83d \ude00 \ud83dx \u00e9\u0000"}`,
		`{"s":"\ud83d\u0041","t":"\ud83d\ud83d\ude00","u":"tail\\"}`,
		`{"a":1,"a":2}`, `{"n":-1.5e3,"t":true,"f":false}`, `{"n":0 , "m":[true,null] ,"o":-2}`,
		`{"a":"x\\\\","b":"\\\"","c":[{"d":"]}\"{"}],"e":"\\"}`, `{"k":"\"\\\"\\\\\""}`,
	} {
		sameMembers(t, obj)
	}
}

func FuzzMembersAreWhatGjsonWalksTo(f *testing.F) {
	f.Add(`{"a":"\u00e9\ud83d\ude00\n","b":[1,"\""],"c":{"d":"e"}}`)
	f.Add(`{"output":"{\"output\":\"x\\ny\",\"metadata\":{\"exit_code\":1}}"}`)
	f.Fuzz(func(t *testing.T, s string) {
		if !validString(s) || !gjson.Parse(s).IsObject() {
			return
		}
		sameMembers(t, s)
	})
}
