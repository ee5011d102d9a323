package replay

import "fmt"

// MaxProblems is how many problems Stats lists; Counts counts them all.
const MaxProblems = 100

// Stats counts what a read found. Calls = Results + WithoutResult; every
// problem met is in Counts, the first MaxProblems of them in Problems.
type Stats struct {
	Lines         int // lines read, blank ones included
	Calls         int // calls yielded
	Results       int // calls yielded with their result
	WithoutResult int // calls yielded with Result nil
	Incomplete    int // results yielded marked Incomplete
	Problems      []Problem
	Counts        map[ProblemKind]int
}

// Problem counts p and lists it while fewer than MaxProblems are listed.
func (s *Stats) problem(p Problem) {
	if s.Counts == nil {
		s.Counts = map[ProblemKind]int{}
	}
	s.Counts[p.Kind]++
	if len(s.Problems) < MaxProblems {
		s.Problems = append(s.Problems, p)
	}
}

// Add adds o's counts to s, keeping s's problems first: the sum of the
// reads of several files.
func (s *Stats) Add(o Stats) {
	s.Lines += o.Lines
	s.Calls += o.Calls
	s.Results += o.Results
	s.WithoutResult += o.WithoutResult
	s.Incomplete += o.Incomplete
	for _, p := range o.Problems {
		if len(s.Problems) == MaxProblems {
			break
		}
		s.Problems = append(s.Problems, p)
	}
	for k, n := range o.Counts {
		if s.Counts == nil {
			s.Counts = map[ProblemKind]int{}
		}
		s.Counts[k] += n
	}
}

func (p Problem) String() string {
	if p.Line == 0 {
		return fmt.Sprintf("%s: %s: %s", p.File, p.Kind, p.Detail)
	}
	return fmt.Sprintf("%s:%d: %s: %s", p.File, p.Line, p.Kind, p.Detail)
}
