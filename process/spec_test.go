package process_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/hookchain/hookchain/process"
)

func TestSpecStringReadsAsACommandYouCouldPaste(t *testing.T) {
	rows := []struct {
		name string
		spec process.Spec
		want string
	}{
		{"APlainArgv", process.Spec{Args: []string{"./hooks/guard.sh", "--mode=strict", "a,b:c@d%e+f"}}, "./hooks/guard.sh --mode=strict a,b:c@d%e+f"},
		{"SpacesAndShellSyntaxAreQuoted", process.Spec{Args: []string{"guard", "a b", "; rm -rf /", "$(x)", "*"}}, `guard 'a b' '; rm -rf /' '$(x)' '*'`},
		{"AQuoteInsideAQuotedArgument", process.Spec{Args: []string{"echo", "it's"}}, `echo 'it'\''s'`},
		{"AnEmptyArgument", process.Spec{Args: []string{"guard", ""}}, `guard ''`},
		{"TheShellLineAsWritten", process.Spec{Shell: `"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh | tee log`}, `"$CLAUDE_PROJECT_DIR"/.claude/hooks/x.sh | tee log`},
		{"NothingToRun", process.Spec{}, ""},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			assert.Equal(t, row.want, row.spec.String())
		})
	}
}

func TestValidateSaysWhatIsWrongWithASpec(t *testing.T) {
	rows := []struct {
		name string
		spec process.Spec
		err  string
	}{
		{"Args", process.Spec{Args: []string{"guard"}}, ""},
		{"Shell", process.Spec{Shell: "guard"}, ""},
		{"EveryField", process.Spec{Args: []string{"guard"}, Dir: "/tmp", Env: []string{"A=1", "B="}, Timeout: time.Second, MaxStdout: 1, MaxStderr: 1}, ""},
		{"Neither", process.Spec{}, "neither Args nor Shell is set"},
		{"Both", process.Spec{Args: []string{"a"}, Shell: "a"}, "both Args and Shell are set; give one"},
		{"AnEmptyProgram", process.Spec{Args: []string{"", "x"}}, "the program, Args[0], is empty"},
		{"ABlankShellLine", process.Spec{Shell: " \t\n"}, "the Shell line is blank"},
		{"ANulInAnArgument", process.Spec{Args: []string{"a", "b\x00c"}}, "argument Args[1] contains a NUL byte"},
		{"ANulInTheShellLine", process.Spec{Shell: "a\x00"}, "the Shell line contains a NUL byte"},
		{"ANulInDir", process.Spec{Shell: "a", Dir: "/\x00"}, "the directory Dir contains a NUL byte"},
		{"AnEnvEntryWithoutEquals", process.Spec{Shell: "a", Env: []string{"TOKEN"}}, `entry Env[0] "TOKEN" is not KEY=VALUE`},
		{"AnEnvEntryWithoutAKey", process.Spec{Shell: "a", Env: []string{"A=1", "=x"}}, `entry Env[1] "=x" is not KEY=VALUE`},
		{"ANulInAnEnvValue", process.Spec{Shell: "a", Env: []string{"K=\x00"}}, "entry Env[0] (K) contains a NUL byte"},
		{"AnUnknownInherit", process.Spec{Shell: "a", Inherit: 9}, "the Inherit Inherit(9) is not one of InheritDefault, InheritBase and InheritAll"},
		{"UnsetEntries", process.Spec{Shell: "a", Unset: []string{"OK", "OTEL_*", "", "*", "A=B", "A*B*"}},
			"entry Unset[2] \"\" is not a variable name or a prefix followed by '*'\n" +
				"entry Unset[3] \"*\" is not a variable name or a prefix followed by '*'\n" +
				"entry Unset[4] \"A=B\" is not a variable name or a prefix followed by '*'\n" +
				"entry Unset[5] \"A*B*\" is not a variable name or a prefix followed by '*'"},
		{"NegativeLimits", process.Spec{Shell: "a", Timeout: -1, MaxStdout: -2, MaxStderr: -3},
			"the Timeout -1ns is negative\nthe MaxStdout -2 is negative\nthe MaxStderr -3 is negative"},
	}
	for _, row := range rows {
		t.Run(row.name, func(t *testing.T) {
			err := row.spec.Validate()
			if row.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, row.err)
		})
	}
}

func TestEnvironStartsStrictAndInheritsEverythingOnlyWhenAsked(t *testing.T) {
	t.Setenv("HOOKCHAIN_TEST_SECRET", "sk-do-not-leak")
	t.Setenv("PATH", "/usr/bin")

	strict := process.Spec{Shell: "a", Env: []string{"K=1"}}.Environ()
	inherit := process.Spec{Shell: "a", Inherit: process.InheritAll, Env: []string{"K=1"}}.Environ()
	base := process.Spec{Shell: "a", Inherit: process.InheritBase, Env: []string{"K=1"}}.Environ()

	assert.NotContains(t, strict, "HOOKCHAIN_TEST_SECRET=sk-do-not-leak")
	assert.Contains(t, strict, "PATH=/usr/bin")
	assert.Equal(t, "K=1", strict[len(strict)-1])
	assert.Equal(t, strict, base, "InheritDefault is InheritBase for Run")
	assert.Contains(t, inherit, "HOOKCHAIN_TEST_SECRET=sk-do-not-leak")
	assert.Contains(t, inherit, "K=1")
}

func TestExcerptKeepsTheEndOfALongStderr(t *testing.T) {
	assert.Equal(t, "", process.Excerpt(nil))
	assert.Equal(t, "boom", process.Excerpt([]byte("\n  boom \n")))

	long := strings.Repeat("a", 1000) + "Traceback: KeyError: 'x'\n"
	got := process.Excerpt([]byte(long))
	assert.True(t, strings.HasPrefix(got, "…"))
	assert.True(t, strings.HasSuffix(got, "KeyError: 'x'"))
	assert.Equal(t, process.ExcerptLen, len(strings.TrimPrefix(got, "…")))

	// Cut inside a character, the excerpt starts at the next whole one.
	multi := strings.Repeat("é", 600) // two bytes each
	got = strings.TrimPrefix(process.Excerpt([]byte("x"+multi)), "…")
	assert.Equal(t, strings.Repeat("é", process.ExcerptLen/2), got)
}

func TestKindsHaveNames(t *testing.T) {
	assert.Equal(t, "TimedOut", process.TimedOut.String())
	assert.Equal(t, "BadAnswer", process.BadAnswer.String())
	assert.Equal(t, "Kind(0)", process.Kind(0).String())
	assert.Equal(t, "Kind(200)", process.Kind(200).String())
}

func TestAnErrorWithoutACauseStillReads(t *testing.T) {
	err := &process.Error{Command: "guard", Kind: process.ExitStatus, ExitCode: 2, Stderr: "no\nway"}
	assert.Equal(t, `hook "guard": exited with status 2; stderr: "no\nway"`, err.Error())
	assert.Nil(t, errors.Unwrap(err))
	assert.Equal(t, `hook "guard": gave no valid answer: unknown cause`, (&process.Error{Command: "guard", Kind: process.BadAnswer}).Error())
}
