// Package cli is the hookchain command. It is a package, not the command's
// main, so that a build of the command in another module of this
// repository can add what this module must not depend on: the build in
// module opa (github.com/hookchain/hookchain/opa/cmd/hookchain) adds OPA
// policies. cmd/hookchain is the build with no extensions.
package cli

import "github.com/hookchain/hookchain"

// Extensions are what a build of the command adds to it.
type Extensions struct {
	// Rego compiles Rego modules (file name to source) into an interceptor
	// that evaluates query for each event. Nil: the build has no OPA, and
	// --opa is refused, naming the build that has it.
	Rego func(query string, modules map[string]string) (hookchain.Interceptor, error)
}
