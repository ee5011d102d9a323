package hookchain

import (
	"bytes"
	"hash/maphash"
)

// judged is what a hook's links judge and may change: the input before the
// call, the output after it.
func judged(e *Event) []byte {
	if e.Hook == BeforeTool {
		return e.Input
	}
	return e.Output
}

// changedInPlace is the chain's refusal when the bytes its links were
// judging changed under them. The slices are shared, not copied for each
// link; a link that writes to them instead of answering Modify or Replace
// with new bytes would void every judgement made before it, and leave no
// step in the trail to say so. Which link wrote cannot be told, so the
// chain refuses in its own name.
//
//go:noinline
func changedInPlace(h Hook) string {
	if h == BeforeTool {
		return "the input was changed in place while the links were asked: a link must answer Modify with new bytes, never write to the event's"
	}
	return "the output was changed in place while the links were asked: a link must answer Replace with new bytes, never write to the event's"
}

// own replaces the bytes of a rewrite with the chain's own copy, before
// they are judged. The link that answered may still hold them (a buffer
// from a pool it puts back, one that a goroutine of its own goes on
// writing); a write there after they were judged would reach the tool or
// the model. Only a rewrite pays for it: an allow carries no bytes.
func own(out *Outcome) {
	switch out.Verdict {
	case Modified, Asked:
		out.Input = bytes.Clone(out.Input)
	case Replaced:
		out.Output = bytes.Clone(out.Output)
	}
}

// rewrite makes next the bytes the links judge, kept in place of cur, after
// checking that cur is as it was kept; when it is not, it refuses in *res
// and reports false.
func rewrite(kept *keeper, cur, next []byte, res *Outcome, h Hook) bool {
	if !kept.same(cur) {
		refuse(res, CauseChain, changedInPlace(h))
		return false
	}
	kept.keep(next)
	return true
}

// keeper tells whether bytes were left as they were kept: an input by a
// tool, what the links judge by the links. Small bytes are kept on the
// stack and compared, large ones hashed: either costs a fraction of reading
// them again.
type keeper struct {
	sum  uint64
	kept [keptInput]byte
}

func (k *keeper) keep(input []byte) {
	if len(input) <= keptInput {
		copy(k.kept[:], input)
	} else {
		k.sum = maphash.Bytes(inputSeed, input)
	}
}

func (k *keeper) same(input []byte) bool {
	if len(input) <= keptInput {
		return string(k.kept[:len(input)]) == string(input)
	}
	return maphash.Bytes(inputSeed, input) == k.sum
}

// keptInput is the largest value a keeper keeps a copy of; a larger one is
// hashed. Most tool inputs and many outputs are smaller.
const keptInput = 256

// inputSeed seeds the hash by which Execute tells that a tool left its input
// as it was checked.
var inputSeed = maphash.MakeSeed()
