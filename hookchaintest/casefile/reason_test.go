package casefile_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/hookchaintest/casefile"
)

// noRm denies every Bash call as a recursive delete.
var noRm = hookchain.New(hookchain.Before("no-rm", hookchain.Tool("Bash"),
	func(context.Context, hookchain.Event) (hookchain.Outcome, error) {
		return hookchain.Deny("recursive delete"), nil
	}))

var (
	bashCall = hookchain.Event{Hook: hookchain.BeforeTool, Tool: "Bash"}
	rmDenied = hookchain.Outcome{Verdict: hookchain.Denied, Reason: "denied by no-rm: recursive delete",
		DecidedBy: "no-rm", Cause: hookchain.CauseLink,
		Trail: []hookchain.Step{{Name: "no-rm", Verdict: hookchain.Denied, Reason: "recursive delete"}}}
)

// rmWant is the want rmDenied satisfies, but for the reason, which each
// test says its own way.
func rmWant(reason, contains, matches string) casefile.Want {
	return casefile.Want{Verdict: hookchain.Denied, Reason: reason, ReasonContains: contains, ReasonMatches: matches,
		DecidedBy: "no-rm", Cause: hookchain.CauseLink, Trail: []string{"no-rm"}}
}

func TestAReasonMayBeWantedExactlyByAPartOfItOrByAPattern(t *testing.T) {
	const got = `"denied by no-rm: recursive delete"`
	tests := []struct {
		name                      string
		reason, contains, matches string
		want                      string // the mismatch's Want; "" when the reason holds
	}{
		{"the whole reason", "denied by no-rm: recursive delete", "", "", ""},
		{"another reason", "denied by no-rm: dangerous", "", "", `"denied by no-rm: dangerous"`},
		{"no reason, when the outcome has one", "", "", "", `""`},
		{"a part it contains", "", "recursive delete", "", ""},
		{"a part it does not contain", "", "dangerous", "", `containing "dangerous"`},
		{"a part in other case", "", "Recursive", "", `containing "Recursive"`},
		{"a pattern it matches", "", "", `^denied by no-rm: \w+ delete$`, ""},
		{"a pattern it matches somewhere, since patterns are not anchored", "", "", `recursive`, ""},
		{"a pattern it does not match", "", "", `^refused`, "matching `^refused`"},
		{"a pattern with a backquote, shown quoted", "", "", "`rm`", "matching \"`rm`\""},
		{"a pattern that is no regular expression", "", "", `(delete`, "matching `(delete` (error parsing regexp: missing closing ): `(delete`)"},
		{"the reason and a part of it", "denied by no-rm: recursive delete", "recursive", "",
			`"denied by no-rm: recursive delete" and containing "recursive" (give only one)`},
		{"a part and a pattern, both holding", "", "recursive", `delete$`,
			"containing \"recursive\" and matching `delete$` (give only one)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			ms := casefile.Diff(rmWant(tt.reason, tt.contains, tt.matches), rmDenied)
			if tt.want == "" {
				assert.Nil(t, ms)
				return
			}
			assert.Equal(t, []casefile.Mismatch{{Field: "reason", Want: tt.want, Got: got}}, ms)
		})
	}
}

func TestAReasonThatDoesNotHoldIsReportedWithWhatWasWanted(t *testing.T) {
	tc := casefile.Case{Name: "rm", Source: "rm.json", Event: bashCall, Want: rmWant("", "dangerous", "")}
	got, ms := casefile.Check(t.Context(), noRm, tc)
	assert.Equal(t, `case "rm" (rm.json):
  reason: want containing "dangerous"
          got  "denied by no-rm: recursive delete"
chain's trail:
  #0 no-rm: Denied, reason "recursive delete"`, casefile.Report(tc, got, ms))
}

func TestAFileSaysTheReasonOneWay(t *testing.T) {
	tests := []struct {
		name, want string
		read       casefile.Want // when err is ""
		err        string
	}{
		{"a part", `"reason_contains": "recursive"`, casefile.Want{Verdict: hookchain.Denied, ReasonContains: "recursive"}, ""},
		{"a pattern", `"reason_matches": "^denied by \\w+"`, casefile.Want{Verdict: hookchain.Denied, ReasonMatches: `^denied by \w+`}, ""},
		{"no reason", `"reason": ""`, casefile.Want{Verdict: hookchain.Denied}, ""},

		{"the reason and a part", `"reason": "denied by no-rm", "reason_contains": "no-rm"`, casefile.Want{},
			"want gives reason and reason_contains: give only one"},
		{"no reason and a pattern", `"reason": "", "reason_matches": "rm"`, casefile.Want{},
			"want gives reason and reason_matches: give only one"},
		{"all three", `"reason": "a", "reason_contains": "a", "reason_matches": "a"`, casefile.Want{},
			"want gives reason and reason_contains and reason_matches: give only one"},
		{"an empty part", `"reason_contains": ""`, casefile.Want{},
			`want.reason_contains is empty, which every reason satisfies: to want no reason, write "reason": ""`},
		{"an empty pattern", `"reason_matches": ""`, casefile.Want{},
			`want.reason_matches is empty, which every reason satisfies: to want no reason, write "reason": ""`},
		{"a pattern that is no regular expression", `"reason_matches": "(delete"`, casefile.Want{},
			"want.reason_matches: error parsing regexp: missing closing ): `(delete`"},
		{"a part given twice", `"reason_contains": "a", "Reason_Contains": "b"`, casefile.Want{},
			`want: the keys "reason_contains" and "Reason_Contains" name one field`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, err := casefile.DecodeFile("x.json", []byte(`{"event": {"hook": "before_tool", "tool": "Bash"}, "want": {"verdict": "deny", `+tt.want+`}}`))
			if tt.err != "" {
				require.EqualError(t, err, "x.json:1:1: "+tt.err)
				return
			}
			require.NoError(t, err)
			require.Len(t, f.Cases, 1)
			assert.Equal(t, tt.read, f.Cases[0].Want)
		})
	}
}

func TestEncodeFileRefusesAWantThatSaysTheReasonTwoWays(t *testing.T) {
	_, err := casefile.EncodeFile(casefile.File{Path: "x.json", Array: true, Cases: []casefile.Case{
		{Event: bashCall, Want: rmWant("", "recursive", "")},
		{Event: bashCall, Want: rmWant("denied by no-rm: recursive delete", "recursive", "")},
	}})
	require.EqualError(t, err, "hookchaintest: x.json: case #1: want gives reason and reason_contains: give only one")
}

func TestUpdateKeepsAPartOrAPatternThatStillHolds(t *testing.T) {
	path := filepath.Join(t.TempDir(), "rm.json")
	// Each case is stale in its trail, so that each is rewritten.
	require.NoError(t, os.WriteFile(path, []byte(`[
  {"name": "a part that holds", "event": {"hook": "before_tool", "tool": "Bash"},
   "want": {"verdict": "deny", "reason_contains": "recursive", "decided_by": "no-rm", "cause": "link"}},
  {"name": "a pattern that holds", "event": {"hook": "before_tool", "tool": "Bash"},
   "want": {"verdict": "deny", "reason_matches": "^denied by no-rm: ", "decided_by": "no-rm", "cause": "link"}},
  {"name": "a part that no longer holds", "event": {"hook": "before_tool", "tool": "Bash"},
   "want": {"verdict": "deny", "reason_contains": "dangerous", "decided_by": "no-rm", "cause": "link"}},
  {"name": "a pattern that no longer holds", "event": {"hook": "before_tool", "tool": "Bash"},
   "want": {"verdict": "deny", "reason_matches": "dangerous$", "decided_by": "no-rm", "cause": "link", "trail": ["no-rm"]}}
]`), 0o644))

	changes, err := casefile.UpdateFiles(t.Context(), noRm, path)
	require.NoError(t, err)
	fields := make([]string, len(changes))
	for i, ch := range changes {
		fields[i] = ch.String()
	}
	assert.Equal(t, []string{
		`updated "a part that holds" (` + path + ` #0): trail`,
		`updated "a pattern that holds" (` + path + ` #1): trail`,
		`updated "a part that no longer holds" (` + path + ` #2): reason, trail`,
		`updated "a pattern that no longer holds" (` + path + ` #3): reason`,
	}, fields)
	got, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, `[
  {
    "name": "a part that holds",
    "event": {
      "hook": "before_tool",
      "tool": "Bash"
    },
    "want": {
      "verdict": "deny",
      "reason_contains": "recursive",
      "decided_by": "no-rm",
      "cause": "link",
      "trail": [
        "no-rm"
      ]
    }
  },
  {
    "name": "a pattern that holds",
    "event": {
      "hook": "before_tool",
      "tool": "Bash"
    },
    "want": {
      "verdict": "deny",
      "reason_matches": "^denied by no-rm: ",
      "decided_by": "no-rm",
      "cause": "link",
      "trail": [
        "no-rm"
      ]
    }
  },
  {
    "name": "a part that no longer holds",
    "event": {
      "hook": "before_tool",
      "tool": "Bash"
    },
    "want": {
      "verdict": "deny",
      "reason": "denied by no-rm: recursive delete",
      "decided_by": "no-rm",
      "cause": "link",
      "trail": [
        "no-rm"
      ]
    }
  },
  {
    "name": "a pattern that no longer holds",
    "event": {
      "hook": "before_tool",
      "tool": "Bash"
    },
    "want": {
      "verdict": "deny",
      "reason": "denied by no-rm: recursive delete",
      "decided_by": "no-rm",
      "cause": "link",
      "trail": [
        "no-rm"
      ]
    }
  }
]
`, string(got))

	// What was written reads back, and passes.
	cases, err := casefile.LoadFiles(path)
	require.NoError(t, err)
	for _, tc := range cases {
		_, ms := casefile.Check(t.Context(), noRm, tc)
		assert.Nil(t, ms, tc.Name)
	}
}
