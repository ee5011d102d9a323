package shell

import "strings"

// wrapperAssigns reads the NAME=VALUE words a wrapper (env, sudo) puts in
// the environment of the command it runs, as an assignment before the
// command would be: env EDITOR='rm -rf ~' git commit runs its editor, and
// env GIT_CONFIG_PARAMETERS=… configures git.
func (w *walker) wrapperAssigns(ws []word, c ctx) {
	for _, x := range ws {
		if !isAssignment(x.text) {
			continue
		}
		name, value, _ := strings.Cut(x.text, "=")
		v := word{text: value, dyn: x.dyn}
		if strings.HasPrefix(name, "GIT_CONFIG_") {
			w.gitConfigValue(name, v, c)
		}
		if commandVariables[name] || !v.dyn {
			w.assignValue(name, nil, v, c)
		}
	}
}
