package shell

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRunsFindsFlagsInAnySpelling(t *testing.T) {
	tests := []struct {
		src     string
		program string
		flags   []string
		want    bool
	}{
		// One-letter flags: any bundle, any order, split across words.
		{"rm -rf /", "rm", []string{"-r", "-f"}, true},
		{"rm -fr /", "rm", []string{"-r", "-f"}, true},
		{"rm -r -f /", "rm", []string{"-r", "-f"}, true},
		{"rm -f -r /", "rm", []string{"-r", "-f"}, true},
		{"rm -rvf /", "rm", []string{"-r", "-f"}, true},
		{"rm / -rf", "rm", []string{"-r", "-f"}, true}, // GNU options may follow operands
		{"rm -r /", "rm", []string{"-r", "-f"}, false},
		{"rm -f x", "rm", []string{"-r", "-f"}, false},
		{"rm x", "rm", nil, true},
		{"rm x", "rm", []string{"-r"}, false},
		// The table of equivalents.
		{"rm -Rf /", "rm", []string{"-r", "-f"}, true},
		{"rm --recursive --force /", "rm", []string{"-r", "-f"}, true},
		{"rm -r --force /", "rm", []string{"-r", "-f"}, true},
		{"rm --rec --for /", "rm", []string{"-r", "-f"}, true},
		{"rm --force=yes -R /", "rm", []string{"-r", "-f"}, true},
		{"rm -rf /", "rm", []string{"--recursive"}, true},
		{"ls -R", "ls", []string{"-r"}, false}, // no table for ls: -R is not -r
		{"cp -R a b", "cp", []string{"-r"}, true},
		{"mv --force a b", "mv", []string{"-f"}, true},
		{"chmod --recursive 777 /", "chmod", []string{"-R"}, true},
		{"chown -R u /", "chown", []string{"--recursive"}, true},
		{"chgrp -hR g /", "chgrp", []string{"-R"}, true},
		// Subcommands and git's forced pushes.
		{"git push -f", "git", []string{"push", "-f"}, true},
		{"git push --force origin main", "git", []string{"push", "-f"}, true},
		{"git -C dir push --force", "git", []string{"push", "-f"}, true},
		{"git push --force-with-lease origin main", "git", []string{"push", "-f"}, true},
		{"git push origin +main", "git", []string{"push", "-f"}, true},
		{"git push -- origin +main", "git", []string{"push", "-f"}, true},
		{"git push -uf origin main", "git", []string{"push", "-f"}, true},
		{"git push", "git", []string{"push", "-f"}, false},
		{"git push origin main", "git", []string{"push", "-f"}, false},
		{"git push --follow-tags", "git", []string{"push", "-f"}, false},
		{"git commit -m push -a", "git", []string{"push", "-f"}, false},
		{"git fetch -f", "git", []string{"push", "-f"}, false},
		// Words that are neither: exact.
		{"find / -delete", "find", []string{"-delete"}, true},
		{"find / -name -deleted", "find", []string{"-delete"}, false},
		{"rm -rf /", "rm", []string{"-rf"}, true},
		{"rm -fr /", "rm", []string{"-rf"}, false}, // "-rf" asks for that word
		// "--" ends the options.
		{"rm -- -rf", "rm", []string{"-r", "-f"}, false},
		{"grep -- -rf file", "grep", []string{"-r"}, false},
		{"grep -r -- x", "grep", []string{"-r"}, true},
		// A wrapper's options are not its command's, nor the other way round.
		{"sudo -u root rm x", "rm", []string{"-u"}, false},
		{"sudo rm -rf /", "sudo", []string{"-r"}, false},
		{"sudo -E rm x", "sudo", []string{"-E"}, true},
		{"timeout -s KILL 5 rm x", "timeout", []string{"-s"}, true},
		// Names.
		{"/bin/rm -rf /", "rm", []string{"-r", "-f"}, true},
		{"RM -rf /", "rm", []string{"-r", "-f"}, true},
		{"rm -rf /", "/bin/rm", []string{"-r", "-f"}, true},
		{"rmdir -p x", "rm", nil, false},
		{"git rm --cached -r -f x", "rm", []string{"-r", "-f"}, false},
	}
	for _, tt := range tests {
		name := tt.src + " runs " + strings.Join(append([]string{tt.program}, tt.flags...), " ")
		t.Run(name, func(t *testing.T) {
			assert.Equal(t, tt.want, Parse(tt.src).Runs(tt.program, tt.flags...))
		})
	}
}

func TestMightRunWhenAnExpansionCouldHoldTheFlags(t *testing.T) {
	tests := []struct {
		src  string
		want bool
	}{
		{"rm $FLAGS /", true},
		{`rm "$f"`, false},     // one word cannot be both -r and the file to delete
		{`rm "$f" "$g"`, true}, // $f may be -rf and $g the file
		{"rm -r $(opts) /", true},
		{`rm -$X /`, true},
		{`rm ''$X /`, true},
		{"rm -rf $dir", true},           // Runs already
		{"rm x/$f", true},               // unquoted: f="a -rf" splits into x/a -rf
		{`rm x/"$f"`, false},            // quoted: one word, which begins with x/
		{`rm "$HOME"/x -- $X`, false},   // a path, and an operand after --
		{`rm "$HOME" -- x`, true},       // $HOME alone could be -rf
		{`rm -- "$f"`, false},           // an operand
		{`rm ./"$f"`, false},            // begins with ./
		{`ls $X`, false},                // another program
		{`rm '$f'`, false},              // single-quoted: literal
		{`echo "$(rm x)"`, false},       // rm's own arguments are literal
		{"rm -r x; echo $X", false},     // the expansion is another command's
		{"rm -r x && rm $Y", true},      // but this one is rm's
		{"rm -r x\nrm -f y", false},     // two commands, neither has both
		{`sudo -u "$U" rm -r x`, false}, // sudo's expansion, not rm's
	}
	for _, tt := range tests {
		t.Run(tt.src, func(t *testing.T) {
			assert.Equal(t, tt.want, Parse(tt.src).MightRun("rm", "-r", "-f"))
		})
	}
}

func TestMightRunNeedsTheWordsThatAreNotFlags(t *testing.T) {
	assert.False(t, Parse(`git commit -m "$MSG"`).MightRun("git", "push", "-f"))
	assert.True(t, Parse(`git push origin "$BRANCH"`).MightRun("git", "push", "-f"))
}

func TestRunsAsksForNothingWhenTheRequestIsMalformed(t *testing.T) {
	s := Parse("rm -rf /")
	assert.False(t, s.Runs(""))
	assert.False(t, s.Runs("rm", ""))
	assert.False(t, s.Runs("rm", "-"))
	assert.False(t, s.Runs("rm", "--"))
	assert.False(t, s.MightRun("rm", ""))
}
