package cli

import (
	"errors"
	"flag"
	"fmt"
	"unicode/utf8"

	"github.com/hookchain/hookchain"
	"github.com/hookchain/hookchain/claudecode/settings"
	"github.com/hookchain/hookchain/internal/regularfile"
)

// opaLink is the name of the link an OPA policy decides as, in the trail
// and in decided_by.
const opaLink = "opa"

// defaultOPAQuery is where a policy's decision is read from: package
// hookchain's rule decision, as in package opa's documentation.
const defaultOPAQuery = "data.hookchain.decision"

// opaBuild is the build of the command that has OPA, named where another
// build is asked for a policy.
const opaBuild = "github.com/hookchain/hookchain/opa/cmd/hookchain"

// policyFlags are an OPA policy's flags: the Rego files of the policy and
// of the baseline, and the query both are asked.
type policyFlags struct {
	opa, baselineOPA []string
	query            string
}

// registerPolicy registers the policy's flags, --opa and --opa-query.
func (p *policyFlags) registerPolicy(fs *flag.FlagSet) {
	fs.Func("opa", "a Rego `file` of the policy, asked before and after every call (repeatable)", func(s string) error {
		p.opa = append(p.opa, s)
		return nil
	})
	fs.StringVar(&p.query, "opa-query", defaultOPAQuery, "the `query` whose value is the OPA policy's decision")
}

// register registers the policy's flags and the baseline's, for replay.
func (p *policyFlags) register(fs *flag.FlagSet) {
	p.registerPolicy(fs)
	fs.Func("baseline-opa", "a Rego `file` of the policy to compare with (repeatable)", func(s string) error {
		p.baselineOPA = append(p.baselineOPA, s)
		return nil
	})
}

// errNoOPA is what a build without OPA answers a policy flag.
var errNoOPA = errors.New("this build of hookchain has no OPA; run the one that has: go run " + opaBuild + "@latest, or go install it")

// regoLink is the link that asks the policy of the Rego files.
func regoLink(ext Extensions, query string, files []string) (hookchain.Link, error) {
	if ext.Rego == nil {
		return hookchain.Link{}, errNoOPA
	}
	modules := make(map[string]string, len(files))
	for _, f := range files {
		b, err := regularfile.Read(f, settings.MaxFileSize, "a Rego file")
		if err != nil {
			return hookchain.Link{}, err
		}
		if !utf8.Valid(b) {
			return hookchain.Link{}, fmt.Errorf("%s: not UTF-8", f)
		}
		if _, dup := modules[f]; dup {
			return hookchain.Link{}, fmt.Errorf("%s: given twice", f)
		}
		modules[f] = string(b)
	}
	policy, err := ext.Rego(query, modules)
	if err != nil {
		return hookchain.Link{}, err
	}
	return hookchain.On(opaLink, hookchain.Any(), policy), nil
}

// withPolicy is the chain that puts every call to the settings' hooks, when
// settings files were named or no policy was, and then to the policy of the
// Rego files. A policy given alone is replayed alone: the question is what
// it would have done, not what the hooks found in the home and project
// would do with it.
func withPolicy(ext Extensions, query, flagName string, rego []string, named bool, hooks func() (*hookchain.Chain, error)) (*hookchain.Chain, error) {
	if len(rego) == 0 {
		return hooks()
	}
	link, err := regoLink(ext, query, rego)
	if err != nil {
		return nil, prefixed(flagName, err)
	}
	if !named {
		return hookchain.Build(link)
	}
	chain, err := hooks()
	if err != nil {
		return nil, err
	}
	return chain.WithLinks(link)
}

// prefixed is err with each of its problems said to be the flag's.
func prefixed(flagName string, err error) error {
	each := problems(err)
	for i, p := range each {
		each[i] = fmt.Errorf("%s: %w", flagName, p)
	}
	return errors.Join(each...)
}
