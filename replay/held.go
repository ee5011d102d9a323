package replay

import "fmt"

// The bounds on what a read holds while calls wait for their results.
// Calls are yielded in file order, so a call waiting for its result holds
// every call after it (a Task call holds its subagent's inline calls until
// the Task's result). Past either bound the oldest call is yielded as it
// is — without its result if none came yet, counted Unresolved — and a
// result that comes for it later counts as ResultWithoutCall.
const (
	MaxHeld      = 4096     // calls held at once
	MaxHeldBytes = 16 << 20 // bytes of held calls' inputs and results' Content and Structured
)

// recentIDs is how many ids (of entries, of calls yielded) a read
// remembers to tell duplicates and dangling parents; older ones are
// forgotten, so memory does not grow with the file.
const recentIDs = 1 << 16

// held is the calls read and not yet yielded, in file order.
type held struct {
	r     *run
	queue []*Call // queue[head:] are held
	head  int
	byID  map[string]*Call
	bytes int
	done  *recent // ids of calls yielded
	cut   *recent // ids of calls yielded unresolved because of the bounds
}

func newHeld(r *run) *held {
	return &held{r: r, byID: map[string]*Call{}, done: newRecent(recentIDs), cut: newRecent(recentIDs)}
}

// call holds c until its result comes (or it is let go).
func (h *held) call(c Call) error {
	if _, dup := h.byID[c.ID]; dup || h.done.has(c.ID) {
		h.r.problem(c.Line, Duplicate, "call "+c.ID+" was already read; this copy is skipped")
		return nil
	}
	p := &c
	h.queue = append(h.queue, p)
	h.byID[c.ID] = p
	h.bytes += len(c.Input)
	return h.bound()
}

// result gives the call id its result; the call is yielded once every call
// before it has been.
func (h *held) result(id string, res Result) error {
	c, ok := h.byID[id]
	switch {
	case !ok && h.cut.has(id):
		h.r.problem(res.Line, ResultWithoutCall, "result for "+id+", whose call was yielded without it because too many calls were held")
		return nil
	case !ok && h.done.has(id):
		h.r.problem(res.Line, ResultWithoutCall, "a second result for "+id)
		return nil
	case !ok:
		h.r.problem(res.Line, ResultWithoutCall, "result for "+id+", whose call is not in the file")
		return nil
	case c.Result != nil:
		h.r.problem(res.Line, ResultWithoutCall, "a second result for "+id)
		return nil
	}
	c.Result = &res
	h.bytes += len(res.Content) + len(res.Structured)
	return h.bound()
}

// bound yields the resolved calls at the head, then lets go of the oldest
// while over a bound.
func (h *held) bound() error {
	for h.head < len(h.queue) {
		c := h.queue[h.head]
		over := len(h.queue)-h.head > MaxHeld || h.bytes > MaxHeldBytes
		if c.Result == nil && !over {
			break
		}
		if c.Result == nil {
			h.r.problem(c.Line, Unresolved, "call "+c.ID+" yielded without waiting longer for its result")
			h.cut.add(c.ID)
		}
		if err := h.pop(); err != nil {
			return err
		}
	}
	return nil
}

// flush yields every held call: at the end of the file, those still
// waiting have no result.
func (h *held) flush() error {
	for h.head < len(h.queue) {
		if err := h.pop(); err != nil {
			return err
		}
	}
	return nil
}

func (h *held) pop() error {
	if err := h.r.ctx.Err(); err != nil {
		return fmt.Errorf("replay: reading %s stopped: %w", h.r.file, err)
	}
	c := h.queue[h.head]
	h.queue[h.head] = nil
	h.head++
	if h.head == len(h.queue) || h.head > 1024 && h.head > len(h.queue)/2 {
		h.queue = append(h.queue[:0], h.queue[h.head:]...)
		h.head = 0
	}
	delete(h.byID, c.ID)
	h.done.add(c.ID)
	h.bytes -= len(c.Input)
	if c.Result != nil {
		h.bytes -= len(c.Result.Content) + len(c.Result.Structured)
	}
	return h.r.emit(*c)
}

// recent is a set of the last n strings added.
type recent struct {
	set  map[string]struct{}
	ring []string // grown up to n, then reused from next on
	n    int
	next int
}

func newRecent(n int) *recent {
	return &recent{set: map[string]struct{}{}, n: n}
}

func (r *recent) has(s string) bool {
	_, ok := r.set[s]
	return ok
}

func (r *recent) add(s string) {
	if r.has(s) {
		return
	}
	if len(r.ring) < r.n {
		r.ring = append(r.ring, s)
	} else {
		delete(r.set, r.ring[r.next])
		r.ring[r.next] = s
		r.next = (r.next + 1) % r.n
	}
	r.set[s] = struct{}{}
}

// waiting says the call id is held.
func (h *held) waiting(id string) bool {
	_, ok := h.byID[id]
	return ok
}

// resolved says the call id is held with its result.
func (h *held) resolved(id string) bool {
	c, ok := h.byID[id]
	return ok && c.Result != nil
}

// yielded says the call id was yielded (among the last ids remembered).
func (h *held) yielded(id string) bool { return h.done.has(id) }
