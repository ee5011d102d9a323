package shell

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestRuleReadsClaudeCodePatterns(t *testing.T) {
	tests := []struct {
		pattern string
		src     string
		want    bool
	}{
		// Exact.
		{"ls", "ls", true},
		{"ls", "ls -la", false},
		{"ls", "lsof", false},
		{"npm run build", "npm run build", true},
		{"npm run build", "npm run build --watch", false},
		// A trailing " *" is optional and a word boundary.
		{"ls *", "ls", true},
		{"ls *", "ls -la", true},
		{"ls *", "lsof", false},
		{"ls*", "lsof", true},
		{"ls*", "ls", true},
		{"git push *", "git push", true},
		{"git push *", "git push --force origin main", true},
		{"git push *", "git pushx", false},
		{"git push *", "git pull", false},
		// '*' anywhere, spaces included.
		{"git * main", "git push origin main", true},
		{"git * main", "git checkout main", true},
		{"git * main", "git push origin dev", false},
		{"* install", "npm install", true},
		{"* install", "pnpm install", true},
		{"* install", "npm ci", false},
		{"*", "anything at all", true},
		// The legacy prefix form.
		{"npm run test:*", "npm run test", true},
		{"npm run test:*", "npm run test --watch", true},
		{"npm run test:*", "npm run test:unit", false},
		{"npm run test:*", "npm run testing", false},
		{"Bash(npm run test:*)", "npm run test", true},
		// Checked per simple command, after unwrapping.
		{"rm *", "echo ok && rm x", true},
		{"rm *", "sudo bash -c 'cd /tmp && rm x'", true},
		{"rm *", "echo rm x", false},
		{"git push *", "cd repo; git push", true},
		// Words, not characters: quotes removed, blanks collapsed.
		{"git commit -m *", `git commit -m "a  message"`, true},
		{`echo "a b"`, "echo a   b", true},
		{"rm -rf /", `rm   -rf '/'`, true},
		{"rm '*'", "rm '*'", true},
		{"rm '*'", "rm x", false},
		{`rm \*`, "rm x", false},
		// The program by base name, or as written.
		{"git push *", "/usr/bin/git push", true},
		{"./deploy.sh *", "./deploy.sh prod", true},
		{"deploy.sh *", "./deploy.sh prod", true},
		{"git status", "GIT status", true},
		// Assignments and redirections are not part of the command.
		{"npm test", "CI=1 npm test > out.txt 2>&1", true},
		// Rules match text: another spelling of the same flags is another command.
		{"rm -rf *", "rm -fr /", false},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" on "+tt.src, func(t *testing.T) {
			m := Rule("command", tt.pattern).IfUnknown(false)
			assert.Equal(t, tt.want, m.MatchScript(Parse(tt.src)))
		})
	}
}

func TestRuleMightMatchWhenAnExpansionCouldFillIt(t *testing.T) {
	tests := []struct {
		pattern string
		src     string
		want    bool
	}{
		{"rm -rf *", "rm $FLAGS /", true},
		{"rm -rf *", `rm "$f"`, true},
		{"rm -rf /", "rm -rf $DIR", true},
		{"ls", "ls $DIR", true},
		{"git push *", `git commit -m "$MSG"`, false},
		{"git push *", `git $SUB origin`, true},
		{"rm -rf /", "rm -rf /tmp/$X", false}, // "/tmp/…" is never "/"
		{"rm -rf /tmp/x*", "rm -rf /tmp/$X", true},
		{"rm x", "rm $X", true},
		{"cat x", "rm $X", false},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" on "+tt.src, func(t *testing.T) {
			s := Parse(tt.src)
			assert.False(t, Rule("command", tt.pattern).IfUnknown(false).MatchScript(s), "a definite match")
			assert.Equal(t, tt.want, Rule("command", tt.pattern).MatchScript(s))
		})
	}
}

func TestCompileRuleRejectsWhatCanNeverMatchOneCommand(t *testing.T) {
	for _, p := range []string{
		"",
		"   ",
		"Bash()",
		"git status && ls",
		"ls; rm x",
		"ls | head",
		"npm test > out",
		"CI=1 npm test",
		"! ls",
		"ls &",
		"if true; then ls; fi",
		"echo 'open",
	} {
		t.Run(p, func(t *testing.T) {
			_, err := CompileRule("command", p)
			require.Error(t, err)
			assert.Contains(t, err.Error(), "shell: Rule(")
		})
	}
	_, err := CompileRule("", "ls")
	assert.EqualError(t, err, `shell: Rule("", "ls"): empty path`)
	assert.Panics(t, func() { Rule("command", "ls; rm x") })
}

func TestOverlapAlignsStarsAndHoles(t *testing.T) {
	toks := func(s string, wild byte, tok int16) []int16 {
		var out []int16
		for i := 0; i < len(s); i++ {
			if s[i] == wild {
				out = append(out, tok)
			} else {
				out = append(out, int16(s[i]))
			}
		}
		return out
	}
	tests := []struct {
		pattern, subject string // '*' a star in the pattern, '?' a hole in the subject
		want             bool
	}{
		{"abc", "abc", true},
		{"abc", "abd", false},
		{"a*c", "a?", true},
		{"a*c", "ab?d", false},
		{"abc", "?", true},
		{"abc", "a?c", true},
		{"abc", "a?d", false},
		{"*", "", true},
		{"", "?", true},
		{"", "a", false},
		{"x*y*z", "?q?", true}, // xqyz
		{"x*y", "?q", false},
		{"x*y*z", "x?q?z", true},
		{"rm -rf *", "rm ?", true},
		{"rm -rf /", "rm -rf /tmp/?", false},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" vs "+tt.subject, func(t *testing.T) {
			assert.Equal(t, tt.want, overlap(toks(tt.pattern, '*', starTok), subject{args: toks(tt.subject, '?', holeTok)}))
		})
	}
}
